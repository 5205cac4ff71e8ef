import { useCallback, useEffect, useState } from 'react';
import { SYSTEM_TYPES, type SystemType } from '../lib/charge';
import { isRefrigerantId, type RefrigerantId } from '../lib/refrigerants';
import {
  PRESSURE_UNITS,
  STANDARD_ATMOSPHERE_KPA,
  TEMPERATURE_UNITS,
  type PressureReference,
  type PressureUnit,
  type TemperatureUnit,
} from '../lib/units';

/** What the page keeps on the device between visits: the choices and the numbers last typed, as typed. */
/** What a tool's form sends when the technician changes an input. */
export type UpdateInputs = (change: Partial<ToolsInputs>) => void;

export interface ToolsInputs {
  refrigerant: RefrigerantId;
  pressureUnit: PressureUnit;
  reference: PressureReference;
  atmosphere: string;
  temperatureUnit: TemperatureUnit;
  system: SystemType;
  ptMode: 'pressure' | 'temperature';
  ptValue: string;
  suctionPressure: string;
  suctionTemperature: string;
  liquidPressure: string;
  liquidTemperature: string;
}

const TOOLS_STORAGE_KEY = 'clima-pro:ferramentas';

const DEFAULT_TOOLS_INPUTS: ToolsInputs = {
  refrigerant: 'R-410A',
  pressureUnit: 'psi',
  reference: 'gauge',
  atmosphere: String(STANDARD_ATMOSPHERE_KPA).replace('.', ','),
  temperatureUnit: 'C',
  system: 'split',
  ptMode: 'pressure',
  ptValue: '',
  suctionPressure: '',
  suctionTemperature: '',
  liquidPressure: '',
  liquidTemperature: '',
};

const oneOf = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value.slice(0, 20) : fallback);

/** A stored value read back field by field: anything missing, old or edited by hand falls back to the default. */
function parseStored(raw: string | null): ToolsInputs {
  if (!raw) return DEFAULT_TOOLS_INPUTS;
  let stored: Record<string, unknown>;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return DEFAULT_TOOLS_INPUTS;
    stored = value as Record<string, unknown>;
  } catch {
    return DEFAULT_TOOLS_INPUTS;
  }
  const d = DEFAULT_TOOLS_INPUTS;
  return {
    refrigerant: isRefrigerantId(stored.refrigerant) ? stored.refrigerant : d.refrigerant,
    pressureUnit: oneOf(PRESSURE_UNITS, stored.pressureUnit, d.pressureUnit),
    reference: oneOf(['gauge', 'absolute'] as const, stored.reference, d.reference),
    atmosphere: text(stored.atmosphere, d.atmosphere),
    temperatureUnit: oneOf(TEMPERATURE_UNITS, stored.temperatureUnit, d.temperatureUnit),
    system: oneOf(SYSTEM_TYPES, stored.system, d.system),
    ptMode: oneOf(['pressure', 'temperature'] as const, stored.ptMode, d.ptMode),
    ptValue: text(stored.ptValue, d.ptValue),
    suctionPressure: text(stored.suctionPressure, d.suctionPressure),
    suctionTemperature: text(stored.suctionTemperature, d.suctionTemperature),
    liquidPressure: text(stored.liquidPressure, d.liquidPressure),
    liquidTemperature: text(stored.liquidTemperature, d.liquidTemperature),
  };
}

function readStored(): ToolsInputs {
  try {
    return parseStored(localStorage.getItem(TOOLS_STORAGE_KEY));
  } catch {
    // storage disabled (private mode, policy): the page works, it just forgets
    return DEFAULT_TOOLS_INPUTS;
  }
}

/** The page's inputs, remembered on this device (localStorage) as they change. */
export function useToolsInputs() {
  const [inputs, setInputs] = useState<ToolsInputs>(readStored);

  useEffect(() => {
    try {
      localStorage.setItem(TOOLS_STORAGE_KEY, JSON.stringify(inputs));
    } catch {
      // full or disabled storage: nothing to keep
    }
  }, [inputs]);

  const update = useCallback((change: Partial<ToolsInputs>) => setInputs((current) => ({ ...current, ...change })), []);
  return { inputs, update };
}
