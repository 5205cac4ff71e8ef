import { subcooling, superheat, type ChargeReading, type SystemType } from './charge';
import { parseDecimal } from './number-input';
import { REFRIGERANTS, type RefrigerantId } from './refrigerants';
import { OutOfRangeError, saturationPressure, saturationTemperature } from './saturation';
import { toAbsolutePascal, toKelvin, type PressureReference, type PressureUnit, type TemperatureUnit } from './units';

/**
 * The page's typed inputs turned into results: every number parsed here, every failure named, so that
 * the components only show what comes back.
 */

export interface UnitsChoice {
  pressureUnit: PressureUnit;
  reference: PressureReference;
  /** kPa */
  atmosphere: number;
  temperatureUnit: TemperatureUnit;
}

export type Failure =
  | { error: 'empty' }
  | { error: 'number' }
  /** limits in K or absolute Pa */
  | { error: 'range'; quantity: 'temperature' | 'pressure'; min: number; max: number };

type Outcome<T> = { ok: T } | Failure;

/** Lowest and highest atmospheric pressure accepted (kPa): from about 5 500 m of altitude to a deep mine. */
const ATMOSPHERE_LIMITS = [50, 110] as const;

export function readAtmosphere(text: string): number | null {
  const value = parseDecimal(text);
  return value !== null && value >= ATMOSPHERE_LIMITS[0] && value <= ATMOSPHERE_LIMITS[1] ? value : null;
}

function attempt<T>(text: string, compute: (value: number) => T): Outcome<T> {
  if (text.trim() === '') return { error: 'empty' };
  const value = parseDecimal(text);
  if (value === null) return { error: 'number' };
  try {
    return { ok: compute(value) };
  } catch (error) {
    if (error instanceof OutOfRangeError) return { error: 'range', quantity: error.quantity, min: error.min, max: error.max };
    throw error;
  }
}

interface PtResult {
  /** K or absolute Pa, on each line (equal for pure refrigerants). */
  bubble: number;
  dew: number;
}

/** P/T chart: from a pressure, the saturation temperatures (K); from a temperature, the saturation pressures (absolute Pa). */
export function readPt(id: RefrigerantId, mode: 'pressure' | 'temperature', text: string, units: UnitsChoice): Outcome<PtResult> {
  const r = REFRIGERANTS[id];
  return attempt(text, (value) => {
    if (mode === 'pressure') {
      const p = toAbsolutePascal(value, units.pressureUnit, units.reference, units.atmosphere);
      // a blend's two lines end at slightly different pressures: a reading must fit the wider one
      return { bubble: saturationTemperature(r, p, 'bubble'), dew: saturationTemperature(r, p, 'dew') };
    }
    const T = toKelvin(value, units.temperatureUnit);
    return { bubble: saturationPressure(r, T, 'bubble'), dew: saturationPressure(r, T, 'dew') };
  });
}

/** Superheat or subcooling from the typed pressure and line temperature. */
export function readCharge(
  kind: 'superheat' | 'subcooling',
  id: RefrigerantId,
  pressureText: string,
  temperatureText: string,
  units: UnitsChoice,
  system: SystemType,
): { pressure: Outcome<number>; temperature: Outcome<number>; reading: ChargeReading | null } {
  const r = REFRIGERANTS[id];
  const line = kind === 'superheat' ? 'dew' : 'bubble';
  const pressure = attempt(pressureText, (value) => {
    const p = toAbsolutePascal(value, units.pressureUnit, units.reference, units.atmosphere);
    saturationTemperature(r, p, line);
    return p;
  });
  const temperature = attempt(temperatureText, (value) => toKelvin(value, units.temperatureUnit));
  if (!('ok' in pressure) || !('ok' in temperature)) return { pressure, temperature, reading: null };
  const compute = kind === 'superheat' ? superheat : subcooling;
  return { pressure, temperature, reading: compute(r, pressure.ok, temperature.ok, system) };
}
