/** Pressure and temperature units of the gauges a technician reads in Brazil. */

export type PressureUnit = 'bar' | 'psi' | 'kPa';
/** Gauge (manometric: what the manifold shows) or absolute. */
export type PressureReference = 'gauge' | 'absolute';
export type TemperatureUnit = 'C' | 'F';

export const PRESSURE_UNITS: readonly PressureUnit[] = ['bar', 'psi', 'kPa'];
export const TEMPERATURE_UNITS: readonly TemperatureUnit[] = ['C', 'F'];

/** Standard atmosphere (kPa): the default atmospheric pressure, editable for altitude. */
export const STANDARD_ATMOSPHERE_KPA = 101.325;

/** Pascals in one unit (1 psi = 0.45359237 kg · 9.80665 m/s² / (0.0254 m)²). */
const PASCALS: Record<PressureUnit, number> = { bar: 100_000, psi: 6894.757293168361, kPa: 1000 };

/** A reading in the chosen unit and reference, as absolute pascals. `atmosphereKPa` is used for gauge readings. */
export function toAbsolutePascal(value: number, unit: PressureUnit, reference: PressureReference, atmosphereKPa: number): number {
  const pa = value * PASCALS[unit];
  return reference === 'gauge' ? pa + atmosphereKPa * 1000 : pa;
}

/** Absolute pascals as a reading in the chosen unit and reference. */
export function fromAbsolutePascal(pa: number, unit: PressureUnit, reference: PressureReference, atmosphereKPa: number): number {
  const value = reference === 'gauge' ? pa - atmosphereKPa * 1000 : pa;
  return value / PASCALS[unit];
}

export function toKelvin(value: number, unit: TemperatureUnit): number {
  return unit === 'C' ? value + 273.15 : ((value - 32) * 5) / 9 + 273.15;
}

export function fromKelvin(kelvin: number, unit: TemperatureUnit): number {
  const celsius = kelvin - 273.15;
  return unit === 'C' ? celsius : (celsius * 9) / 5 + 32;
}

/** A temperature difference (K, the same as °C) in the chosen unit: 1 K = 1.8 °F. */
export function differenceFromKelvin(kelvin: number, unit: TemperatureUnit): number {
  return unit === 'C' ? kelvin : kelvin * 1.8;
}
