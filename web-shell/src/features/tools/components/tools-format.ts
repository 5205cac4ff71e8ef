import { formatDecimal } from '../lib/number-input';
import type { Failure, UnitsChoice } from '../lib/readings';
import { differenceFromKelvin, fromAbsolutePascal, fromKelvin } from '../lib/units';
import { toolsMessages as t } from '../tools-messages';

/** Numbers of the page as the technician reads them, in the units chosen. */

/** Decimals a gauge shows: 0,01 bar, 0,1 psi, 1 kPa. */
const PRESSURE_DECIMALS = { bar: 2, psi: 1, kPa: 0 } as const;

export function pressureSuffix(units: UnitsChoice): string {
  return t.units.pressureSuffix(units.pressureUnit, units.reference);
}

export function showPressure(pa: number, units: UnitsChoice): string {
  const value = fromAbsolutePascal(pa, units.pressureUnit, units.reference, units.atmosphere);
  return `${formatDecimal(value, PRESSURE_DECIMALS[units.pressureUnit])} ${pressureSuffix(units)}`;
}

export function showTemperature(kelvin: number, units: UnitsChoice): string {
  return `${formatDecimal(fromKelvin(kelvin, units.temperatureUnit))} ${t.units.temperature[units.temperatureUnit]}`;
}

export function showDifference(kelvin: number, units: UnitsChoice): string {
  return `${formatDecimal(differenceFromKelvin(kelvin, units.temperatureUnit))} ${t.units.temperature[units.temperatureUnit]}`;
}

/** What a field shows under it when its text gives no result; nothing while it is empty. */
export function failureText(failure: Failure, units: UnitsChoice): string | null {
  switch (failure.error) {
    case 'empty':
      return null;
    case 'number':
      return t.errors.number;
    case 'range':
      return failure.quantity === 'temperature'
        ? t.errors.temperatureRange(showTemperature(failure.min, units), showTemperature(failure.max, units))
        : t.errors.pressureRange(showPressure(failure.min, units), showPressure(failure.max, units));
  }
}
