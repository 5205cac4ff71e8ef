import { formatCertificateCode, workloadLabel } from '@clima/contract';
import { degrees, LineCapStyle, PDFDocument, PDFFont, PDFPage, rgb, StandardFonts } from 'pdf-lib';
import * as QRCode from 'qrcode';

/** What the document prints. */
export interface CertificateDocument {
  code: string;
  holderName: string | null;
  courseTitle: string;
  workloadHours: number;
  /** Null on certificates issued before the minutes were kept. */
  workloadMinutes: number | null;
  issuedAt: Date;
  /** The public verification page the QR code and the footer point to. */
  verifyUrl: string;
  /** Printed across the page when set (the administrators' copy of a revoked certificate). */
  revokedAt?: Date | null;
  /** The final assessment's score (percent), printed when the course had one. */
  assessmentScore?: number | null;
}

// A4 landscape, in points
const WIDTH = 841.89;
const HEIGHT = 595.28;

const NAVY = rgb(0.05, 0.17, 0.27);
const SKY = rgb(0.01, 0.52, 0.78);
const CYAN = rgb(0.02, 0.71, 0.83);
const GOLD = rgb(0.72, 0.55, 0.24);
const GOLD_LIGHT = rgb(0.96, 0.92, 0.83);
const INK = rgb(0.2, 0.25, 0.33);
const MUTED = rgb(0.39, 0.45, 0.55);
const PAPER = rgb(0.995, 0.992, 0.982);
const RED = rgb(0.75, 0.1, 0.1);

/** The brand's snowflake, as an SVG path on a 24-unit grid (strokes only). */
const SNOWFLAKE = 'M2 12H22M12 2V22M20 16L16 12L20 8M4 8L8 12L4 16M16 4L12 8L8 4M8 20L12 16L16 20';

const longDate = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Sao_Paulo' });
const shortDate = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' });

/** '12 de março de 2026' (São Paulo calendar). */
export const longDatePtBr = (d: Date) => longDate.format(d);

/** 'carga horária de 1 minuto' / 'de 2 horas e 15 minutos' / 'de 12 horas' (workloadLabel of the contract). */
export const workloadText = (hours: number, minutes: number | null) => `carga horária de ${workloadLabel(hours, minutes)}`;

/** Latin letters that Unicode does not decompose into a base letter and an accent. */
const LATIN_BASE: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', Ŋ: 'N', ŋ: 'n', Ŧ: 'T', ŧ: 't', ĸ: 'k' };

/**
 * The standard PDF fonts encode WinAnsi (Latin-1 and a few more): every Portuguese letter is there. Any other
 * character (a name from another language) is printed as its base letter when it has one, or as '?', instead
 * of failing the whole document.
 */
function printable(font: PDFFont, text: string): string {
  const known = charsetOf(font);
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (known.has(ch.codePointAt(0)!)) out += ch;
    else {
      const plain = LATIN_BASE[ch] ?? ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += [...plain].every((c) => known.has(c.codePointAt(0)!)) && plain ? plain : '?';
    }
  }
  return out;
}

const charsets = new WeakMap<PDFFont, Set<number>>();
function charsetOf(font: PDFFont): Set<number> {
  let set = charsets.get(font);
  if (!set) charsets.set(font, (set = new Set(font.getCharacterSet())));
  return set;
}

/** The largest size up to `size` at which the text fits `maxWidth` (never below `min`). */
function fitSize(font: PDFFont, text: string, size: number, maxWidth: number, min: number): number {
  const width = font.widthOfTextAtSize(text, size);
  return width <= maxWidth ? size : Math.max(min, Math.floor(((size * maxWidth) / width) * 10) / 10);
}

/** Words into lines of at most `maxWidth`; a single word longer than that is cut. */
function wrap(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= maxWidth) line = next;
    else {
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > maxWidth && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > maxWidth) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

function centered(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = INK): void {
  page.drawText(text, { x: (WIDTH - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });
}

/** Text with extra space between the letters (small capitals of the headings), centred on `cx`. */
function spaced(page: PDFPage, text: string, cx: number, y: number, font: PDFFont, size: number, tracking: number, color = INK): void {
  const chars = [...text];
  const width = chars.reduce((w, c) => w + font.widthOfTextAtSize(c, size), 0) + tracking * (chars.length - 1);
  let x = cx - width / 2;
  for (const c of chars) {
    page.drawText(c, { x, y, size, font, color });
    x += font.widthOfTextAtSize(c, size) + tracking;
  }
}

/** The QR code as vector squares (sharp at any zoom and in print), `size` points wide, lower-left corner at x, y. */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      // a hair wider than the module, so neighbouring squares leave no seam when rasterised
      page.drawRectangle({ x: x + start * cell, y: y + size - (row + 1) * cell, width: (col - start) * cell + 0.05, height: cell + 0.05, color: NAVY });
    }
  }
}

function drawFrame(page: PDFPage): void {
  page.drawRectangle({ x: 0, y: 0, width: WIDTH, height: HEIGHT, color: PAPER });
  // a band of the brand's colours along the top and bottom edges
  page.drawRectangle({ x: 0, y: HEIGHT - 10, width: WIDTH, height: 10, color: SKY });
  page.drawRectangle({ x: WIDTH * 0.62, y: HEIGHT - 10, width: WIDTH * 0.38, height: 10, color: CYAN });
  page.drawRectangle({ x: 0, y: 0, width: WIDTH, height: 10, color: NAVY });
  page.drawRectangle({ x: 24, y: 26, width: WIDTH - 48, height: HEIGHT - 52, borderColor: NAVY, borderWidth: 2 });
  page.drawRectangle({ x: 32, y: 34, width: WIDTH - 64, height: HEIGHT - 68, borderColor: GOLD, borderWidth: 0.75 });
  // gold corner marks inside the frame
  const corner = 22;
  for (const [cx, cy, dx, dy] of [
    [40, 42, 1, 1],
    [WIDTH - 40, 42, -1, 1],
    [40, HEIGHT - 42, 1, -1],
    [WIDTH - 40, HEIGHT - 42, -1, -1],
  ] as const) {
    page.drawLine({ start: { x: cx, y: cy }, end: { x: cx + dx * corner, y: cy }, thickness: 2, color: GOLD });
    page.drawLine({ start: { x: cx, y: cy }, end: { x: cx, y: cy + dy * corner }, thickness: 2, color: GOLD });
    page.drawRectangle({ x: cx + dx * 6 - 2, y: cy + dy * 6 - 2, width: 4, height: 4, color: GOLD, rotate: degrees(0) });
  }
}

/** The brand's mark (a snowflake on a rounded tile) and name, centred at the top. */
function drawBrand(page: PDFPage, bold: PDFFont): void {
  const tile = 30;
  const name = 'Clima Pro';
  const size = 20;
  const gap = 10;
  const total = tile + gap + bold.widthOfTextAtSize(name, size);
  const x = (WIDTH - total) / 2;
  const y = HEIGHT - 92;
  page.drawRectangle({ x, y, width: tile, height: tile, color: SKY, borderColor: SKY, borderWidth: 0 });
  page.drawSvgPath(SNOWFLAKE, { x: x + 3, y: y + tile - 3, scale: (tile - 6) / 24, borderColor: rgb(1, 1, 1), borderWidth: 2.2, borderLineCap: LineCapStyle.Round });
  page.drawText('Clima', { x: x + tile + gap, y: y + 8, size, font: bold, color: NAVY });
  page.drawText(' Pro', { x: x + tile + gap + bold.widthOfTextAtSize('Clima', size), y: y + 8, size, font: bold, color: SKY });
}

/** A gold seal with the snowflake, centred on cx, cy. */
function drawSeal(page: PDFPage, cx: number, cy: number, font: PDFFont): void {
  page.drawCircle({ x: cx, y: cy, size: 40, color: GOLD_LIGHT, borderColor: GOLD, borderWidth: 1.5 });
  page.drawCircle({ x: cx, y: cy, size: 33, borderColor: GOLD, borderWidth: 0.6 });
  page.drawSvgPath(SNOWFLAKE, { x: cx - 18, y: cy + 22, scale: 1.5, borderColor: GOLD, borderWidth: 1.6, borderLineCap: LineCapStyle.Round });
  spaced(page, 'CLIMA PRO', cx, cy - 40 - 13, font, 6.5, 1.8, GOLD);
}

/** The certificate as a one-page PDF (A4 landscape), generated from the row on every request. */
export async function renderCertificatePdf(c: CertificateDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const serifBold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const serifItalic = await pdf.embedFont(StandardFonts.TimesRomanItalic);
  const serifBoldItalic = await pdf.embedFont(StandardFonts.TimesRomanBoldItalic);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);
  const sansBold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.CourierBold);
  const code = formatCertificateCode(c.code);

  drawFrame(page);
  drawBrand(page, sansBold);

  const title = 'Certificado de conclusão';
  centered(page, title, HEIGHT - 150, serifBold, 40, NAVY);
  spaced(page, 'FORMAÇÃO TÉCNICA EM CLIMATIZAÇÃO E REFRIGERAÇÃO', WIDTH / 2, HEIGHT - 176, sans, 8.5, 2.2, GOLD);

  centered(page, 'Certificamos que', HEIGHT - 222, serifItalic, 16, MUTED);
  const holder = printable(serifBoldItalic, c.holderName?.trim() || 'Titular não informado');
  const holderSize = fitSize(serifBoldItalic, holder, 36, WIDTH - 200, 18);
  centered(page, holder, HEIGHT - 266, serifBoldItalic, holderSize, NAVY);
  const ruleHalf = Math.min(260, Math.max(150, serifBoldItalic.widthOfTextAtSize(holder, holderSize) / 2 + 30));
  page.drawLine({ start: { x: WIDTH / 2 - ruleHalf, y: HEIGHT - 280 }, end: { x: WIDTH / 2 + ruleHalf, y: HEIGHT - 280 }, thickness: 0.8, color: GOLD });

  centered(page, 'concluiu o curso', HEIGHT - 308, serif, 15, INK);
  const course = printable(serifBold, c.courseTitle.trim());
  const courseSize = fitSize(serifBold, course, 22, (WIDTH - 200) * 2, 15);
  const courseLines = wrap(serifBold, course, courseSize, WIDTH - 200).slice(0, 2);
  let y = HEIGHT - 336;
  for (const line of courseLines) {
    centered(page, line, y, serifBold, courseSize, NAVY);
    y -= courseSize + 6;
  }
  centered(page, `na plataforma Clima Pro, com ${workloadText(c.workloadHours, c.workloadMinutes)}, em ${longDatePtBr(c.issuedAt)}.`, y - 6, serif, 15, INK);
  if (c.assessmentScore != null) centered(page, `Aprovado na avaliação final com nota ${c.assessmentScore}%.`, y - 28, serif, 13, MUTED);

  // the footer: where to check it (QR and address), the seal, the code
  const qr = 84;
  const qrX = 64;
  const qrY = 58;
  page.drawRectangle({ x: qrX - 6, y: qrY - 6, width: qr + 12, height: qr + 12, color: rgb(1, 1, 1), borderColor: rgb(0.85, 0.87, 0.9), borderWidth: 0.6 });
  drawQr(page, c.verifyUrl, qrX, qrY, qr);
  const note = qrX + qr + 18;
  page.drawText('Verifique a autenticidade', { x: note, y: qrY + 58, size: 10, font: sansBold, color: NAVY });
  page.drawText('Aponte a câmera para o código ou acesse:', { x: note, y: qrY + 44, size: 8.5, font: sans, color: MUTED });
  const urlSize = fitSize(sans, c.verifyUrl, 8.5, 230, 5.5);
  page.drawText(printable(sans, c.verifyUrl), { x: note, y: qrY + 31, size: urlSize, font: sans, color: SKY });

  drawSeal(page, WIDTH / 2, 110, sansBold);

  const right = WIDTH - 64;
  const label = 'Código de verificação';
  page.drawText(label, { x: right - sansBold.widthOfTextAtSize(label, 10), y: qrY + 58, size: 10, font: sansBold, color: NAVY });
  page.drawText(code, { x: right - mono.widthOfTextAtSize(code, 15), y: qrY + 38, size: 15, font: mono, color: NAVY });
  const issued = `Emitido em ${shortDate.format(c.issuedAt)}`;
  page.drawText(issued, { x: right - sans.widthOfTextAtSize(issued, 8.5), y: qrY + 22, size: 8.5, font: sans, color: MUTED });

  if (c.revokedAt) {
    const stamp = 'REVOGADO';
    const size = 120;
    const w = serifBold.widthOfTextAtSize(stamp, size);
    // rotated about its own centre, across the middle of the page
    const angle = (20 * Math.PI) / 180;
    const x = WIDTH / 2 - (Math.cos(angle) * w) / 2 + (Math.sin(angle) * size * 0.35);
    const yy = HEIGHT / 2 - (Math.sin(angle) * w) / 2 - (Math.cos(angle) * size * 0.35);
    page.drawText(stamp, { x, y: yy, size, font: serifBold, color: RED, opacity: 0.18, rotate: degrees(20) });
    centered(page, `Certificado revogado em ${shortDate.format(c.revokedAt)}: não é mais válido.`, 44, sansBold, 9, RED);
  }

  pdf.setTitle(`Certificado de conclusão — ${c.courseTitle}`);
  pdf.setAuthor('Clima Pro');
  pdf.setSubject(`${c.holderName ?? ''} concluiu o curso ${c.courseTitle} (${workloadText(c.workloadHours, c.workloadMinutes)}). Código ${code}.`);
  pdf.setCreator('Clima Pro');
  pdf.setProducer('Clima Pro');
  pdf.setLanguage('pt-BR');
  // the same certificate always gives the same bytes
  pdf.setCreationDate(c.issuedAt);
  pdf.setModificationDate(c.revokedAt ?? c.issuedAt);
  return pdf.save();
}
