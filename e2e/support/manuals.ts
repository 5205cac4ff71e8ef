import { expect, type APIRequestContext } from '@playwright/test';
import { admin } from './api';

/** A PDF string literal: latin-1 bytes (WinAnsi), the characters PDF reserves escaped. */
function pdfString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code < 32 || code > 126) out += `\\${(code > 255 ? 63 : code).toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `${out})`;
}

/**
 * A real PDF with text on each page (Helvetica, WinAnsi, so accents survive): `pages[i]` holds the lines
 * of page i + 1. pdf.js reads it back as the server's indexing and the browser's viewer do.
 */
export function textPdf(pages: string[][]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  const kids = pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ');
  add(`<< /Type /Pages /Count ${pages.length} /Kids [${kids}] >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  pages.forEach((lines, i) => {
    const text = `BT /F1 16 Tf 22 TL 56 780 Td ${lines.map((l) => `${pdfString(l)} Tj T*`).join(' ')} ET`;
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`);
    add(`<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`);
  });
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = Buffer.byteLength(out, 'latin1');
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export interface SeededManual {
  id: number;
  title: string;
  manufacturer: string;
  model: string;
}

async function adminLogin(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/admin/auth/login', { data: admin });
  expect(login.ok(), await login.text()).toBe(true);
}

/**
 * An administrator uploads a PDF and publishes it as a manual; answers once the indexing job has read its
 * text (the search finds nothing before that). `pdf` replaces the text PDF made of `pages` (a scanned one).
 */
export async function seedIndexedManual(request: APIRequestContext, input: { title: string; manufacturer: string; model: string; pages: string[][]; pdf?: Buffer }): Promise<SeededManual> {
  await adminLogin(request);
  const upload = await request.post('/api/admin/upload-manual', {
    multipart: { file: { name: 'manual.pdf', mimeType: 'application/pdf', buffer: input.pdf ?? textPdf(input.pages) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  const created = await request.post('/api/admin/manuals', {
    data: { title: input.title, manufacturer_name: input.manufacturer, model_name: input.model, file_url: url, manual_type: 'service', description: 'Códigos de erro e diagnóstico.', is_published: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/admin/manuals?search=${encodeURIComponent(input.title)}`);
        const list = (await res.json()) as { id: number; text_status: string | null }[];
        return list.find((m) => m.id === id)?.text_status;
      },
      // a scanned PDF is read by OCR, a few seconds a page on a busy machine
      { timeout: input.pdf ? 90_000 : 30_000, message: 'the manual is indexed' },
    )
    .toBe('indexed');
  return { id, title: input.title, manufacturer: input.manufacturer, model: input.model };
}

/** Sets an end user's subscription through the admin API. */
export async function setSubscription(request: APIRequestContext, userId: string, status: 'active' | 'canceled'): Promise<void> {
  await adminLogin(request);
  const res = await request.put(`/api/admin/users/${userId}`, { data: { subscription_status: status, subscription_plan: 'monthly' } });
  expect(res.ok(), await res.text()).toBe(true);
}
