import { useId } from 'react';
import { REFRIGERANTS } from '../lib/refrigerants';
import { readPt, type UnitsChoice } from '../lib/readings';
import type { ToolsInputs } from '../hooks/use-tools-inputs';
import { toolsMessages as t } from '../tools-messages';
import { NumberField } from './number-field';
import { failureText, pressureSuffix, showDifference, showPressure, showTemperature } from './tools-format';
import type { UpdateInputs } from '../hooks/use-tools-inputs';

/** The P/T chart: a pressure gives the saturation temperature, a temperature the saturation pressure; blends show both lines. */
export function PtChart({ inputs, update, units }: { inputs: ToolsInputs; update: UpdateInputs; units: UnitsChoice }) {
  const name = useId();
  const refrigerant = REFRIGERANTS[inputs.refrigerant];
  const byPressure = inputs.ptMode === 'pressure';
  const outcome = readPt(inputs.refrigerant, inputs.ptMode, inputs.ptValue, units);
  const show = (value: number) => (byPressure ? showTemperature(value, units) : showPressure(value, units));

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t.pt.intro}</p>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{t.pt.mode}</legend>
        <div className="flex flex-wrap gap-2">
          {(['pressure', 'temperature'] as const).map((mode) => (
            <label
              key={mode}
              className="flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-700 has-[:checked]:border-sky-600 has-[:checked]:bg-sky-50 has-[:checked]:text-sky-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500"
            >
              <input
                type="radio"
                name={name}
                value={mode}
                checked={inputs.ptMode === mode}
                onChange={() => update({ ptMode: mode, ptValue: '' })}
                className="size-4 accent-sky-600"
              />
              {t.pt.modes[mode]}
            </label>
          ))}
        </div>
      </fieldset>
      <NumberField
        label={byPressure ? t.pt.pressure : t.pt.temperature}
        unit={byPressure ? pressureSuffix(units) : t.units.temperature[units.temperatureUnit]}
        value={inputs.ptValue}
        onChange={(ptValue) => update({ ptValue })}
        error={'ok' in outcome ? null : failureText(outcome, units)}
        testId="pt-input"
      />
      <div aria-live="polite" data-testid="pt-result">
        {'ok' in outcome && (
          <dl className="grid gap-2 rounded-xl bg-slate-50 p-4">
            {refrigerant.blend ? (
              <>
                <Row label={t.pt.bubble} value={show(outcome.ok.bubble)} testId="pt-bubble" />
                <Row label={t.pt.dew} value={show(outcome.ok.dew)} testId="pt-dew" />
                {byPressure && <Row label={t.pt.glide} value={showDifference(outcome.ok.dew - outcome.ok.bubble, units)} testId="pt-glide" />}
              </>
            ) : (
              <Row label={byPressure ? t.pt.saturationTemperature : t.pt.saturationPressure} value={show(outcome.ok.dew)} testId="pt-saturation" large />
            )}
          </dl>
        )}
      </div>
    </div>
  );
}

function Row({ label, value, testId, large = false }: { label: string; value: string; testId: string; large?: boolean }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd data-testid={testId} className={`font-semibold tabular-nums text-slate-900 ${large ? 'text-2xl' : 'text-lg'}`}>
        {value}
      </dd>
    </div>
  );
}
