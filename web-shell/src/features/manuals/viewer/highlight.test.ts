import type { OcrWord } from '@clima/contract/manuals';
import { describe, expect, it } from 'vitest';
import { ocrTextLayer } from './highlight';

const word = (text: string, x: number, y: number, eol = false): OcrWord => ({ text, x, y, w: 0.05, h: 0.015, eol });

/** Page 2 of a scanned manual as OCR read it: two lines. */
const WORDS = [word('Tabela', 0.09, 0.1), word('E40', 0.2, 0.1, true), word('E4', 0.09, 0.14), word('-', 0.13, 0.14), word('Falha', 0.15, 0.14, true)];

describe('the OCR text layer of a scanned page', () => {
  it('places every word in its box and highlights the words that hold the query (E4, not E40)', () => {
    const { layer, count, first } = ocrTextLayer(WORDS, 1000, 'e 4');
    const spans = [...layer.querySelectorAll('span')];
    expect(spans.map((s) => s.textContent)).toEqual(['Tabela ', 'E40', 'E4 ', '- ', 'Falha']);
    expect(spans[2]!.style.left).toBe('9%');
    expect(parseFloat(spans[2]!.style.top)).toBeCloseTo(14);
    expect(spans[2]!.style.fontSize).toBe('15px');
    expect(count).toBe(1);
    expect(spans.filter((s) => s.classList.contains('manual-ocr-match'))).toEqual([spans[2]]);
    expect(first?.textContent).toBe('E4');
  });

  it('marks nothing when the page lacks the query', () => {
    const { layer, count, first } = ocrTextLayer(WORDS, 1000, 'P8');
    expect(count).toBe(0);
    expect(first).toBeNull();
    expect(layer.querySelectorAll('.manual-ocr-match')).toHaveLength(0);
  });
});
