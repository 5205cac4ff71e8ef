import { describe, expect, it } from 'vitest';
import { CHARGE_RANGES, judge, subcooling, superheat } from './charge';
import { REFRIGERANTS } from './refrigerants';
import { saturationPressure, saturationTemperature } from './saturation';
import { toAbsolutePascal, toKelvin } from './units';

const C = (celsius: number) => celsius + 273.15;

describe('superheat', () => {
  it('R-22 at 68.6 psig (40 °F on the published chart) and a suction line at 10 °C', () => {
    const suction = toAbsolutePascal(68.6, 'psi', 'gauge', 101.325);
    const reading = superheat(REFRIGERANTS['R-22'], suction, C(10), 'split');
    // 68.6 psig is 40 °F (4.44 °C) on the NIST-based chart
    expect(reading.saturation - 273.15).toBeCloseTo(4.44, 1);
    expect(reading.value).toBeCloseTo(10 - 4.44, 1);
    expect(reading.verdict).toBe('ok');
  });

  it('blends: read against the DEW point, not the bubble point (R-407C)', () => {
    const r = REFRIGERANTS['R-407C'];
    const suction = 450_000;
    const dew = saturationTemperature(r, suction, 'dew');
    const bubble = saturationTemperature(r, suction, 'bubble');
    expect(dew - bubble).toBeGreaterThan(4);
    const reading = superheat(r, suction, dew + 6, 'split');
    expect(reading.saturation).toBeCloseTo(dew, 9);
    expect(reading.value).toBeCloseTo(6, 9);
    expect(reading.verdict).toBe('ok');
    // against the bubble point the same line would have looked 4+ K more superheated: out of range
    expect(judge(dew + 6 - bubble, CHARGE_RANGES.split.superheat)).toBe('high');
  });

  it('judges low and high against the system type’s range', () => {
    const r = REFRIGERANTS['R-410A'];
    const suction = saturationPressure(r, C(5), 'dew');
    expect(superheat(r, suction, C(7), 'split').verdict).toBe('low');
    expect(superheat(r, suction, C(16), 'split').verdict).toBe('high');
    expect(superheat(r, suction, C(11), 'split').verdict).toBe('ok');
    // a thermostatic valve's range reaches 8 K
    expect(superheat(r, suction, C(12.5), 'commercial').verdict).toBe('ok');
    // a line colder than saturation: liquid is coming back
    const flooded = superheat(r, suction, C(3), 'split');
    expect(flooded.value).toBeLessThan(0);
    expect(flooded.verdict).toBe('low');
  });
});

describe('subcooling', () => {
  it('blends: read against the BUBBLE point, not the dew point (R-407C)', () => {
    const r = REFRIGERANTS['R-407C'];
    const liquid = toAbsolutePascal(18, 'bar', 'gauge', 101.325);
    const bubble = saturationTemperature(r, liquid, 'bubble');
    const dew = saturationTemperature(r, liquid, 'dew');
    const reading = subcooling(r, liquid, bubble - 5, 'split');
    expect(reading.saturation).toBeCloseTo(bubble, 9);
    expect(reading.value).toBeCloseTo(5, 9);
    expect(reading.verdict).toBe('ok');
    expect(judge(dew - (bubble - 5), CHARGE_RANGES.split.subcooling)).toBe('high');
  });

  it('pure R-134a at 124.2 psig (100 °F) and a liquid line at 32 °C: about 5.8 K', () => {
    const reading = subcooling(REFRIGERANTS['R-134a'], toAbsolutePascal(124.2, 'psi', 'gauge', 101.325), toKelvin(32, 'C'), 'commercial');
    expect(reading.saturation).toBeCloseTo(toKelvin(100, 'F'), 1);
    expect(reading.value).toBeCloseTo(37.78 - 32, 1);
    expect(reading.verdict).toBe('ok');
  });

  it('judges low and high', () => {
    const r = REFRIGERANTS['R-32'];
    const liquid = saturationPressure(r, C(45), 'bubble');
    expect(subcooling(r, liquid, C(43), 'split').verdict).toBe('low');
    expect(subcooling(r, liquid, C(35), 'split').verdict).toBe('high');
    expect(subcooling(r, liquid, C(40), 'split').verdict).toBe('ok');
  });
});

describe('the usual ranges', () => {
  it('split systems: superheat 5–7 °C', () => {
    expect(CHARGE_RANGES.split.superheat).toEqual([5, 7]);
  });
  it('the range limits themselves are in range', () => {
    expect(judge(5, [5, 7])).toBe('ok');
    expect(judge(7, [5, 7])).toBe('ok');
    expect(judge(4.99, [5, 7])).toBe('low');
    expect(judge(7.01, [5, 7])).toBe('high');
  });
});
