import type { Refrigerant, SaturationCurve } from './refrigerants';

/** Bubble point (saturated liquid: where the liquid line is read) or dew point (saturated vapour: the suction). */
export type SaturationPoint = 'bubble' | 'dew';

/** A temperature or pressure outside the range the equations cover (below the lower limit, or above the critical point). */
export class OutOfRangeError extends Error {
  constructor(
    readonly quantity: 'temperature' | 'pressure',
    /** The limits in K or Pa (absolute). */
    readonly min: number,
    readonly max: number,
  ) {
    super(`${quantity} outside ${min}..${max}`);
    this.name = 'OutOfRangeError';
  }
}

function curvePressure(curve: SaturationCurve, T: number): number {
  const theta = 1 - T / curve.Tr;
  let sum = 0;
  for (let i = 0; i < curve.n.length; i++) sum += curve.n[i] * theta ** curve.t[i];
  return curve.pr * Math.exp((curve.Tr / T) * sum);
}

/** Absolute saturation pressure (Pa) at a temperature (K), on the bubble or the dew line. */
export function saturationPressure(refrigerant: Refrigerant, T: number, point: SaturationPoint): number {
  if (!Number.isFinite(T) || T < refrigerant.Tmin || T > refrigerant.Tc) throw new OutOfRangeError('temperature', refrigerant.Tmin, refrigerant.Tc);
  return curvePressure(refrigerant[point], T);
}

/** The absolute pressures (Pa) the equations cover on a line: from the lowest temperature to the critical point. */
export function pressureRange(refrigerant: Refrigerant, point: SaturationPoint): { min: number; max: number } {
  const curve = refrigerant[point];
  return { min: curvePressure(curve, refrigerant.Tmin), max: curvePressure(curve, refrigerant.Tc) };
}

/**
 * Saturation temperature (K) at an absolute pressure (Pa), on the bubble or the dew line: the equation
 * solved for T by bisection (the pressure rises monotonically with the temperature along a line).
 */
export function saturationTemperature(refrigerant: Refrigerant, p: number, point: SaturationPoint): number {
  const curve = refrigerant[point];
  const { min, max } = pressureRange(refrigerant, point);
  if (!Number.isFinite(p) || p < min || p > max) throw new OutOfRangeError('pressure', min, max);
  const target = Math.log(p);
  let lo = refrigerant.Tmin;
  let hi = refrigerant.Tc;
  // 0.3 K-wide brackets halve to under 1e-9 K well before 60 steps
  for (let i = 0; i < 60 && hi - lo > 1e-9; i++) {
    const mid = (lo + hi) / 2;
    if (Math.log(curvePressure(curve, mid)) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
