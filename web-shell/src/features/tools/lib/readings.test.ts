import { describe, expect, it } from 'vitest';
import { readAtmosphere, readCharge, readPt, type UnitsChoice } from './readings';

const kPaAbs: UnitsChoice = { pressureUnit: 'kPa', reference: 'absolute', atmosphere: 101.325, temperatureUnit: 'C' };
const psig: UnitsChoice = { pressureUnit: 'psi', reference: 'gauge', atmosphere: 101.325, temperatureUnit: 'F' };

describe('readPt', () => {
  it('reads a typed pressure or temperature in the chosen units', () => {
    const byTemperature = readPt('R-134a', 'temperature', '0', kPaAbs);
    expect('ok' in byTemperature && byTemperature.ok.dew / 1000).toBeCloseTo(292.8, 0);
    const byPressure = readPt('R-410A', 'pressure', '118,8', psig);
    // 118,8 psig is 40 °F on the bubble line (NIST REFPROP chart)
    expect('ok' in byPressure && byPressure.ok.bubble).toBeCloseTo((40 - 32) / 1.8 + 273.15, 1);
    expect('ok' in byPressure && byPressure.ok.dew - byPressure.ok.bubble).toBeGreaterThan(0);
  });

  it('names an empty field, a text that is no number and a value outside the equations', () => {
    expect(readPt('R-22', 'pressure', ' ', kPaAbs)).toEqual({ error: 'empty' });
    expect(readPt('R-22', 'pressure', '12abc', kPaAbs)).toEqual({ error: 'number' });
    expect(readPt('R-22', 'temperature', '150', kPaAbs)).toMatchObject({ error: 'range', quantity: 'temperature', max: 369.295 });
    expect(readPt('R-22', 'pressure', '6000', kPaAbs)).toMatchObject({ error: 'range', quantity: 'pressure' });
    // a gauge reading below the vacuum the equations reach
    expect(readPt('R-22', 'pressure', '-15', psig)).toMatchObject({ error: 'range', quantity: 'pressure' });
  });
});

describe('readCharge', () => {
  it('gives a reading once both fields hold numbers in range', () => {
    const empty = readCharge('superheat', 'R-22', '68,6', '', psig, 'split');
    expect(empty.reading).toBeNull();
    expect(empty.temperature).toEqual({ error: 'empty' });
    const done = readCharge('superheat', 'R-22', '68,6', '50', psig, 'split');
    expect(done.reading?.value).toBeCloseTo((50 - 40) / 1.8, 1);
  });

  it('refuses a suction pressure the dew line does not reach', () => {
    const result = readCharge('superheat', 'R-410A', '900', '10', psig, 'split');
    expect(result.pressure).toMatchObject({ error: 'range', quantity: 'pressure' });
    expect(result.reading).toBeNull();
  });
});

describe('readAtmosphere', () => {
  it('accepts 50 to 110 kPa, with a comma', () => {
    expect(readAtmosphere('101,325')).toBe(101.325);
    expect(readAtmosphere('89.9')).toBe(89.9);
    for (const bad of ['', '30', '120', 'x']) expect(readAtmosphere(bad)).toBeNull();
  });
});
