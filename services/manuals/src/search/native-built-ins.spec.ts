import { buildPdf } from '../demo-pdf';
import { keepingNativeBuiltIns } from './native-built-ins';
import { extractPdfPages } from './pdf-text';

describe('built-ins a library replaces while it loads', () => {
  it('are put back, and what it adds stays', async () => {
    const stringify = JSON.stringify;
    const added = Symbol('added');
    await keepingNativeBuiltIns(async () => {
      JSON.stringify = () => 'polyfilled';
      (JSON as unknown as Record<symbol, number>)[added] = 1;
    });
    expect(JSON.stringify).toBe(stringify);
    expect(JSON.stringify({ a: 1 })).toBe('{"a":1}');
    expect((JSON as unknown as Record<symbol, number>)[added]).toBe(1);
  });

  it("stay the engine's own after pdf.js has read a PDF (its core-js would replace JSON and Array.prototype.push)", async () => {
    const natives = { stringify: JSON.stringify, parse: JSON.parse, push: Array.prototype.push };
    const pdf = buildPdf({ title: 'Teste', header: 'Manual', footer: 'Rodapé', pages: [[{ text: 'Erro E1: sensor de temperatura' }]] });
    const pages = await extractPdfPages(new Uint8Array(pdf));
    expect(pages[0]).toContain('Erro E1');
    expect({ stringify: JSON.stringify, parse: JSON.parse, push: Array.prototype.push }).toEqual(natives);
    expect(JSON.stringify.toString()).toContain('[native code]');
  });
});
