import { spawnSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';

/** A4 drawn at 150 dpi: the size of a scanned page's picture. */
const WIDTH_PX = 1240;
const HEIGHT_PX = 1754;

/** One page's lines drawn in black on white, as 8-bit grey pixels (ImageMagick, DejaVu Sans). */
function drawPage(lines: string[]): Buffer {
  const args = ['-size', `${WIDTH_PX}x${HEIGHT_PX}`, 'xc:white', '-font', 'DejaVu-Sans', '-pointsize', '34', '-fill', 'black'];
  // ImageMagick reads % as an escape in the text
  lines.forEach((line, i) => args.push('-annotate', `+110+${200 + i * 70}`, line.replace(/%/g, '%%')));
  args.push('-depth', '8', 'gray:-');
  const r = spawnSync('convert', args, { maxBuffer: WIDTH_PX * HEIGHT_PX * 2 });
  if (r.status !== 0) throw new Error(`convert: ${r.stderr?.toString() ?? r.error?.message}`);
  return r.stdout;
}

/**
 * A PDF made like a scanner makes it: every page is one picture of the page (the text drawn into pixels,
 * Flate-compressed grey), with no text layer at all. For the specs, the browser tests and the indexing bench
 * (the OCR path); needs ImageMagick's `convert`.
 */
export function scannedPdf(pages: string[][]): Buffer {
  const objects: Buffer[] = [];
  const obj = (body: string | Buffer) => objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
  obj('<< /Type /Catalog /Pages 2 0 R >>');
  obj(`<< /Type /Pages /Count ${pages.length} /Kids [${pages.map((_, i) => `${3 + 3 * i} 0 R`).join(' ')}] >>`);
  pages.forEach((lines, i) => {
    const image = deflateSync(drawPage(lines));
    const content = 'q 595 0 0 842 0 0 cm /Scan Do Q';
    obj(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Scan ${5 + 3 * i} 0 R >> >> /Contents ${4 + 3 * i} 0 R >>`);
    obj(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    obj(
      Buffer.concat([
        Buffer.from(`<< /Type /XObject /Subtype /Image /Width ${WIDTH_PX} /Height ${HEIGHT_PX} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${image.length} >>\nstream\n`, 'latin1'),
        image,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  });
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
