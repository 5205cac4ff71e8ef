import { findCodes, pageCodes, parseQuery } from './codes';

const codes = (text: string) => findCodes(text).map((c) => c.code);

describe('fault codes in a manual’s text', () => {
  it('finds short codes with or without separators, normalised', () => {
    expect(codes('E4 - Falha de comunicação; F0-1 coleta; P8 IPM; CH05 controle; U4 placa; E101 multi; R-410A; E.5')).toEqual([
      'E4',
      'F01',
      'P8',
      'CH05',
      'U4',
      'E101',
      'R410A',
      'E5',
    ]);
  });

  it('never takes a piece of a longer code or word: E40 is not E4', () => {
    expect(codes('E40 E4 ERRE4 E4X1 E41 XE4')).toEqual(['E40', 'E4', 'E41', 'XE4']);
    expect(codes('página 12, ERRO4, 9.000 BTU/h, 220 V, 1/4"')).toEqual([]);
  });

  it('takes a code split by a space only in capitals, so prose stays prose', () => {
    expect(codes('display mostra E 4 e CH 05')).toEqual(['E4', 'CH05']);
    expect(codes('aguarde 30 minutos, de 5 a 7 K')).toEqual([]);
  });

  it('gives the offsets of each code in the text', () => {
    const text = 'Código E 4: falha';
    const [c] = findCodes(text);
    expect(text.slice(c!.start, c!.end)).toBe('E 4');
  });

  it('counts each code of a page once, with its occurrences', () => {
    expect([...pageCodes('E4 e E4, depois E40 e e4')]).toEqual([
      ['E4', 3],
      ['E40', 1],
    ]);
  });
});

describe('a search split into codes and words', () => {
  it('reads codes in any case and separator, and leaves the words', () => {
    expect(parseQuery('E4')).toEqual({ codes: ['E4'], words: '' });
    expect(parseQuery('e 4')).toEqual({ codes: ['E4'], words: '' });
    expect(parseQuery('f0-1')).toEqual({ codes: ['F01'], words: '' });
    expect(parseQuery('ch05 controle com fio')).toEqual({ codes: ['CH05'], words: 'controle com fio' });
    expect(parseQuery('erro E4 e E4')).toEqual({ codes: ['E4'], words: 'erro e' });
  });

  it('keeps prose with numbers as words', () => {
    expect(parseQuery('vácuo de 30 minutos')).toEqual({ codes: [], words: 'vácuo de 30 minutos' });
    expect(parseQuery('válvula de expansão')).toEqual({ codes: [], words: 'válvula de expansão' });
    expect(parseQuery('!!! ---')).toEqual({ codes: [], words: '' });
  });
});
