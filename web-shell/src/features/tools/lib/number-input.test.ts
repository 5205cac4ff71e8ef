import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal } from './number-input';

describe('parseDecimal', () => {
  it('reads a comma or a dot as the decimal mark, and signs', () => {
    expect(parseDecimal('4,5')).toBe(4.5);
    expect(parseDecimal('4.5')).toBe(4.5);
    expect(parseDecimal(' -12 ')).toBe(-12);
    expect(parseDecimal('+3')).toBe(3);
    expect(parseDecimal('1.013,25')).toBe(1013.25);
  });
  it('refuses what is not a number', () => {
    for (const bad of ['', 'abc', '4,5,6', '1e5', '--2', ',', '12a']) expect(parseDecimal(bad), bad).toBeNull();
  });
});

describe('formatDecimal', () => {
  it('writes pt-BR numbers with the asked decimals', () => {
    expect(formatDecimal(4.54)).toBe('4,5');
    expect(formatDecimal(1016.57, 0)).toBe('1.017');
    expect(formatDecimal(-0.04)).toBe('0,0');
    expect(formatDecimal(2.5, 2)).toBe('2,50');
  });
});
