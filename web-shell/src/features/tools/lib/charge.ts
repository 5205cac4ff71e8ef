import type { Refrigerant } from './refrigerants';
import { saturationTemperature } from './saturation';

/**
 * The refrigerant charge judged from superheat and subcooling.
 *
 * Superheat = suction line temperature − saturation temperature at the suction pressure, read on the
 * DEW line (the last drop of liquid boils there). Subcooling = saturation temperature at the liquid
 * pressure − liquid line temperature, read on the BUBBLE line (the first bubble forms there). For pure
 * refrigerants the two lines are one; for blends with glide, reading the wrong line shifts the result
 * by the glide (about 5 K for R-407C).
 */

export type SystemType = 'split' | 'commercial';
export const SYSTEM_TYPES: readonly SystemType[] = ['split', 'commercial'];

/** The usual ranges (K), to compare a reading with when the manufacturer gives none. */
interface ChargeRanges {
  superheat: readonly [number, number];
  subcooling: readonly [number, number];
}

/**
 * - split: air conditioners with a capillary or an electronic valve — superheat 5–7 °C after 20 minutes
 *   of running, as taught in Brazilian courses; subcooling 4–7 °C.
 * - commercial: cold rooms and display cases with a thermostatic expansion valve — superheat 4–8 °C
 *   (the valve's usual setting); subcooling 3–8 °C.
 * The manufacturer's manual always prevails.
 */
export const CHARGE_RANGES: Record<SystemType, ChargeRanges> = {
  split: { superheat: [5, 7], subcooling: [4, 7] },
  commercial: { superheat: [4, 8], subcooling: [3, 8] },
};

export type Verdict = 'low' | 'ok' | 'high';

export interface ChargeReading {
  /** Saturation temperature at the measured pressure (K): dew line for superheat, bubble line for subcooling. */
  saturation: number;
  /** Superheat or subcooling (K). */
  value: number;
  verdict: Verdict;
}

export function judge(value: number, [min, max]: readonly [number, number]): Verdict {
  if (value < min) return 'low';
  if (value > max) return 'high';
  return 'ok';
}

/** Superheat from the suction pressure (Pa, absolute) and the suction line temperature (K). */
export function superheat(refrigerant: Refrigerant, suctionPressure: number, suctionLineT: number, system: SystemType): ChargeReading {
  const saturation = saturationTemperature(refrigerant, suctionPressure, 'dew');
  const value = suctionLineT - saturation;
  return { saturation, value, verdict: judge(value, CHARGE_RANGES[system].superheat) };
}

/** Subcooling from the liquid line pressure (Pa, absolute) and the liquid line temperature (K). */
export function subcooling(refrigerant: Refrigerant, liquidPressure: number, liquidLineT: number, system: SystemType): ChargeReading {
  const saturation = saturationTemperature(refrigerant, liquidPressure, 'bubble');
  const value = saturation - liquidLineT;
  return { saturation, value, verdict: judge(value, CHARGE_RANGES[system].subcooling) };
}
