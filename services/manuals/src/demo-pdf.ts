/** A line of a demo PDF page: body text unless `size` or `bold` say otherwise; `gap` is extra space above it. */
export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  gap?: number;
}

export interface PdfDocument {
  title: string;
  /** Small text in the coloured band at the top of every page. */
  header: string;
  /** Small text at the bottom of every page (the page number is added). */
  footer: string;
  pages: PdfLine[][];
}

const PAGE_W = 595; // A4 in points
const PAGE_H = 842;
const MARGIN = 56;
const WIDTH = PAGE_W - 2 * MARGIN;

/** Characters of the text that WinAnsi (Latin-1 for our pt-BR texts) cannot hold get a plain look-alike. */
function latin1(text: string): string {
  return text
    .replace(/[‐-―]/g, '-')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/…/g, '...')
    .replace(/•/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

const pdfString = (text: string) => `(${latin1(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** Splits a paragraph so that each line fits the page width (Helvetica averages about half an em per character). */
function wrap(text: string, size: number, bold: boolean): string[] {
  const max = Math.floor(WIDTH / (size * (bold ? 0.56 : 0.5)));
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && current.length + 1 + word.length > max) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

function pageContent(doc: PdfDocument, lines: PdfLine[], number: number, total: number): string {
  const ops: string[] = [
    // header band
    '0.012 0.412 0.631 rg',
    `0 ${PAGE_H - 64} ${PAGE_W} 64 re f`,
    'BT 1 1 1 rg',
    `/F2 11 Tf 1 0 0 1 ${MARGIN} ${PAGE_H - 38} Tm ${pdfString(doc.header)} Tj`,
    'ET',
  ];
  let y = PAGE_H - 64 - 40;
  ops.push('BT 0.06 0.09 0.16 rg');
  for (const line of lines) {
    const size = line.size ?? 11;
    const bold = line.bold ?? false;
    y -= line.gap ?? 0;
    for (const part of wrap(line.text, size, bold)) {
      y -= size * 1.45;
      ops.push(`/${bold ? 'F2' : 'F1'} ${size} Tf 1 0 0 1 ${MARGIN} ${y.toFixed(1)} Tm ${pdfString(part)} Tj`);
    }
  }
  ops.push('ET');
  // footer rule and text
  ops.push('0.8 0.84 0.88 RG 0.5 w', `${MARGIN} 52 m ${PAGE_W - MARGIN} 52 l S`);
  ops.push('BT 0.39 0.45 0.55 rg', `/F1 8 Tf 1 0 0 1 ${MARGIN} 38 Tm ${pdfString(`${doc.footer} - página ${number} de ${total}`)} Tj`, 'ET');
  return ops.join('\n');
}

/**
 * A small, valid PDF (1.4) of text pages in Helvetica with the WinAnsi encoding, so that Portuguese
 * accents show. Every string is kept to Latin-1, where one character is one byte, so the xref offsets
 * are the string lengths.
 */
export function buildPdf(doc: PdfDocument): Buffer {
  const pageCount = doc.pages.length;
  // 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page object and its content stream per page
  const pageId = (i: number) => 6 + 2 * i;
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pageCount} /Kids [${doc.pages.map((_, i) => `${pageId(i)} 0 R`).join(' ')}] >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfString(doc.title)} /Producer (Clima Pro) >>`,
  ];
  doc.pages.forEach((lines, i) => {
    const content = pageContent(doc, lines, i + 1, pageCount);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId(i) + 1} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  });

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
