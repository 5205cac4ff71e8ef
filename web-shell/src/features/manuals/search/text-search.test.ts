import { describe, expect, it } from 'vitest';
import { findMatches, fold, indexPages, makeSnippet, parseQuery, searchManuals, searchPages, stem } from './text-search';

/** The marked parts of a text, as the user sees them. */
const marked = (text: string, query: string) => findMatches(text, parseQuery(query)).map(([s, e]) => text.slice(s, e));

describe('fold', () => {
  it('lowers case and drops accents and ligatures, mapping every character back', () => {
    const f = fold('Refrigeração ﬁltro É4');
    expect(f.text).toBe('refrigeracao filtro e4');
    expect(f.map).toHaveLength(f.text.length + 1);
    // the folded 'fi' of the ligature both point at the one original character
    const at = f.text.indexOf('filtro');
    expect(f.map[at]).toBe(f.map[at + 1]);
    expect(f.map[f.text.length]).toBe('Refrigeração ﬁltro É4'.length);
  });
});

describe('codes', () => {
  const page = 'Tabela de erros: E4 sensor de degelo; E40 falha de comunicação; E4-1 variação; E 4 repetido; F0-1 e F01; CH05 alta pressão; P8.';

  it('E4 finds E4 and E 4, never E40 nor E4-1', () => {
    expect(marked(page, 'E4')).toEqual(['E4', 'E 4']);
    expect(marked(page, 'e4')).toEqual(['E4', 'E 4']);
  });

  it('a code typed with a space, a hyphen or a dot is the same code', () => {
    expect(marked(page, 'E 4')).toEqual(['E4', 'E 4']);
    expect(marked(page, 'e 4')).toEqual(['E4', 'E 4']);
    expect(marked(page, 'e-4')).toEqual(['E4', 'E 4']);
    expect(marked(page, 'E.4')).toEqual(['E4', 'E 4']);
    expect(parseQuery('CH 05')).toEqual([{ kind: 'code', value: 'CH05' }]);
  });

  it('F0-1 and F01 are one code; CH05, P8 and R-410A are found exactly', () => {
    expect(marked(page, 'F0-1')).toEqual(['F0-1', 'F01']);
    expect(marked(page, 'f01')).toEqual(['F0-1', 'F01']);
    expect(marked(page, 'ch05')).toEqual(['CH05']);
    expect(marked(page, 'P8')).toEqual(['P8']);
    expect(marked(page, 'E40')).toEqual(['E40']);
    expect(marked(page, 'E41')).toEqual(['E4-1']);
    expect(marked(page, 'P80')).toEqual([]);
    expect(marked('Gás R-410A ou R410A', 'r410a')).toEqual(['R-410A', 'R410A']);
  });

  it('prose is not a code: lower-case letters split by a space, in the text or a query of two letters', () => {
    expect(marked('aguarde e 4 minutos', 'E4')).toEqual([]);
    expect(parseQuery('de 30 minutos')).toEqual([
      { kind: 'word', value: '30' },
      { kind: 'word', value: 'minut' },
    ]);
    expect(marked('espere 30 minutos, não 300', 'de 30 minutos')).toEqual(['30', 'minutos']);
  });
});

describe('words', () => {
  it('ignore case and accents, and find plural and singular alike', () => {
    const text = 'Verifique os SENSORES de temperatura e a conexão elétrica do compressor.';
    expect(marked(text, 'sensor')).toEqual(['SENSORES']);
    expect(marked(text, 'sensores')).toEqual(['SENSORES']);
    expect(marked(text, 'conexoes eletrica')).toEqual(['conexão', 'elétrica']);
    expect(marked(text, 'Compressor')).toEqual(['compressor']);
  });

  it('every word must be on the page; stopwords do not count', () => {
    const text = 'Falha no sensor de degelo';
    expect(marked(text, 'falha no sensor')).toEqual(['Falha', 'sensor']);
    expect(marked(text, 'falha ventilador')).toEqual([]);
    expect(parseQuery('de o a')).toEqual([]);
  });

  it('words and codes mix: the page must hold both', () => {
    const text = 'Código E4: falha no sensor de degelo';
    expect(marked(text, 'sensor E4')).toEqual(['E4', 'sensor']);
    expect(marked(text, 'sensor E5')).toEqual([]);
  });

  it('a stem keeps at least four letters', () => {
    expect(stem('sensores')).toBe('sensor');
    expect(stem('gas')).toBe('gas');
    expect(stem('erro')).toBe('erro');
    expect(stem('conexao')).toBe('conex');
  });
});

describe('snippets', () => {
  it('cut around the first match with the marks at the right offsets', () => {
    const text = `${'palavra '.repeat(30)}código E4: falha no sensor de degelo ${'texto '.repeat(40)}`.trim();
    const ranges = findMatches(text, parseQuery('E4'));
    const { snippet, marks } = makeSnippet(text, ranges);
    expect(snippet.startsWith('… ')).toBe(true);
    expect(snippet.endsWith(' …')).toBe(true);
    expect(snippet.length).toBeLessThan(200);
    expect(marks).toHaveLength(1);
    expect(snippet.slice(marks[0]![0], marks[0]![1])).toBe('E4');
  });

  it('a short page is its own snippet, without ellipses', () => {
    const text = 'Erro E4 no display';
    const { snippet, marks } = makeSnippet(text, findMatches(text, parseQuery('e4')));
    expect(snippet).toBe(text);
    expect(marks).toEqual([[5, 7]]);
  });
});

describe('searching manuals', () => {
  const manual = (title: string, pages: string[]) => ({ manual: { title }, pages: indexPages(pages.map((text, i) => ({ page: i + 1, text }))) });

  it('answers pages with the code, best manual first, hits best first', () => {
    const a = manual('Split Alfa', ['Introdução', 'Tabela: E40 comunicação', 'Erro E4 sensor.\nE4 aparece piscando. E4 de novo']);
    const b = manual('Split Beta', ['Erro   E4\n\nsensor do evaporador', 'nada aqui']);
    const c = manual('Split Gama', ['E40 só']);
    const results = searchManuals([b, a, c], 'E4');
    expect(results.map((r) => r.manual.title)).toEqual(['Split Alfa', 'Split Beta']);
    expect(results[0]!.hits.map((h) => h.page)).toEqual([3]);
    expect(results[1]!.hits).toEqual([{ page: 1, snippet: 'Erro E4 sensor do evaporador', marks: [[5, 7]] }]);
  });

  it('keeps at most five hits per manual, the best ones, then by page', () => {
    const pages = Array.from({ length: 8 }, (_, i) => (i === 6 ? 'E4 E4 E4' : `página ${i + 1} com E4`));
    const hits = searchPages(indexPages(pages.map((text, i) => ({ page: i + 1, text }))), parseQuery('E4'));
    expect(hits.map((h) => h.page)).toEqual([7, 1, 2, 3, 4]);
  });

  it('an empty query or one of stopwords finds nothing', () => {
    expect(searchManuals([manual('X', ['a de o'])], '   ')).toEqual([]);
    expect(searchManuals([manual('X', ['a de o'])], 'de')).toEqual([]);
  });
});
