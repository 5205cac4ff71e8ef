import { buildSnippet } from './snippet';

const marked = (s: { snippet: string; marks: [number, number][] }) => s.marks.map(([a, b]) => s.snippet.slice(a, b));

describe('search snippets', () => {
  const page =
    'Tabela de códigos de erro - unidade interna\nE1 - Falha no sensor de temperatura ambiente.\nE2 - Falha no sensor da serpentina.\n' +
    'E3 - Proteção de alta pressão: confira a limpeza da condensadora e a carga de fluido refrigerante.\n' +
    'E4 - Falha de comunicação entre as unidades interna e externa: verifique o cabo de interligação e a placa.\nE40 - Sensor de descarga.';

  it('shows the code in context, marked exactly (not E40), with ellipses where the page was cut', () => {
    const s = buildSnippet(page, ['E4'], []);
    expect(marked(s)).toEqual(['E4']);
    expect(s.snippet.startsWith('… ')).toBe(true);
    expect(s.snippet).toContain('E4 - Falha de comunicação');
    expect(s.snippet).not.toContain('\n');
    expect(s.snippet.length).toBeLessThanOrEqual(190);
  });

  it('marks the words of the query by their stems, whatever their accents and case', () => {
    const s = buildSnippet('A VÁLVULA de expansão eletrônica e as valvulas de serviço.', [], ['valvul', 'expansa']);
    expect(marked(s)).toEqual(['VÁLVULA', 'expansão', 'valvulas']);
    expect(s.snippet).toBe('A VÁLVULA de expansão eletrônica e as valvulas de serviço.');
  });

  it('prefers the part of the page with the most different terms', () => {
    const filler = 'texto de enchimento sem nada de interessante. '.repeat(10);
    const s = buildSnippet(`compressor ${filler} o compressor e a válvula juntos ${filler}`, [], ['compressor', 'valvul']);
    expect(marked(s)).toEqual(['compressor', 'válvula']);
  });

  it('falls back to the page start, unmarked, when nothing is found', () => {
    const s = buildSnippet('Página sem o termo procurado.', [], ['inexistent']);
    expect(s).toEqual({ snippet: 'Página sem o termo procurado.', marks: [] });
  });
});
