import { describe, expect, it } from 'vitest';
import { differenceFromKelvin, fromAbsolutePascal, fromKelvin, toAbsolutePascal, toKelvin } from './units';

describe('pressure units', () => {
  it('converts bar, psi and kPa to absolute pascals', () => {
    expect(toAbsolutePascal(1, 'bar', 'absolute', 101.325)).toBe(100_000);
    expect(toAbsolutePascal(1, 'kPa', 'absolute', 101.325)).toBe(1000);
    expect(toAbsolutePascal(14.6959, 'psi', 'absolute', 101.325)).toBeCloseTo(101_325, -1);
  });

  it('adds the atmospheric pressure to a gauge reading, with the value the user set', () => {
    expect(toAbsolutePascal(0, 'bar', 'gauge', 101.325)).toBeCloseTo(101_325, 6);
    expect(toAbsolutePascal(118.8, 'psi', 'gauge', 101.325) / 1000).toBeCloseTo(920.4, 1);
    // at 1 000 m the air presses about 89.9 kPa: the same gauge reading is a lower absolute pressure
    expect(toAbsolutePascal(5, 'bar', 'gauge', 89.9)).toBeCloseTo(589_900, 6);
  });

  it('converts back, gauge and absolute', () => {
    for (const unit of ['bar', 'psi', 'kPa'] as const) {
      for (const reference of ['gauge', 'absolute'] as const) {
        const pa = toAbsolutePascal(12.34, unit, reference, 95);
        expect(fromAbsolutePascal(pa, unit, reference, 95)).toBeCloseTo(12.34, 9);
      }
    }
    expect(fromAbsolutePascal(600_000, 'bar', 'gauge', 100)).toBeCloseTo(5, 9);
  });
});

describe('temperature units', () => {
  it('converts °C and °F to kelvins and back', () => {
    expect(toKelvin(0, 'C')).toBe(273.15);
    expect(toKelvin(32, 'F')).toBeCloseTo(273.15, 9);
    expect(toKelvin(-40, 'F')).toBeCloseTo(toKelvin(-40, 'C'), 9);
    expect(fromKelvin(373.15, 'F')).toBeCloseTo(212, 9);
    expect(fromKelvin(toKelvin(7.5, 'C'), 'C')).toBeCloseTo(7.5, 9);
  });

  it('a temperature difference of 1 K is 1.8 °F', () => {
    expect(differenceFromKelvin(5, 'C')).toBe(5);
    expect(differenceFromKelvin(5, 'F')).toBeCloseTo(9, 9);
  });
});
