import { Gauge, Snowflake, Thermometer } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { inputStyles, labelStyles } from '@clima/web-kit/button';
import { PageHeader } from '../../../shared/ui/page-header';
import { useToolsInputs, type ToolsInputs, type UpdateInputs } from '../hooks/use-tools-inputs';
import { SYSTEM_TYPES } from '../lib/charge';
import { REFRIGERANT_IDS, REFRIGERANTS } from '../lib/refrigerants';
import { readAtmosphere, type UnitsChoice } from '../lib/readings';
import { toolsMessages as t } from '../tools-messages';
import { PRESSURE_UNITS, STANDARD_ATMOSPHERE_KPA, TEMPERATURE_UNITS } from '../lib/units';
import { PtChart } from './pt-chart';
import { ChargeCalculator } from './charge-calculator';

/** /ferramentas: the technician's field tools, computed on the device (no network needed). */
export default function ToolsPage() {
  const { inputs, update } = useToolsInputs();
  const atmosphere = readAtmosphere(inputs.atmosphere);
  const units: UnitsChoice = {
    pressureUnit: inputs.pressureUnit,
    reference: inputs.reference,
    atmosphere: atmosphere ?? STANDARD_ATMOSPHERE_KPA,
    temperatureUnit: inputs.temperatureUnit,
  };

  return (
    <div className="space-y-6">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <Settings inputs={inputs} update={update} atmosphereValid={atmosphere !== null} />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card icon={<Gauge className="size-5" aria-hidden />} heading={t.pt.heading} testId="tool-pt">
          <PtChart inputs={inputs} update={update} units={units} />
        </Card>
        <Card icon={<Thermometer className="size-5" aria-hidden />} heading={t.superheat.heading} testId="tool-superheat">
          <ChargeCalculator kind="superheat" inputs={inputs} update={update} units={units} />
        </Card>
        <Card icon={<Snowflake className="size-5" aria-hidden />} heading={t.subcooling.heading} testId="tool-subcooling">
          <ChargeCalculator kind="subcooling" inputs={inputs} update={update} units={units} />
        </Card>
      </div>
      <p className="text-sm text-slate-600">{t.rangeNote}</p>
      <p className="text-xs text-slate-600">{t.sources}</p>
    </div>
  );
}

function Card({ icon, heading, testId, children }: { icon: ReactNode; heading: string; testId: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid={testId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <span className="grid size-9 place-items-center rounded-xl bg-sky-50 text-sky-700">{icon}</span>
        {heading}
      </h2>
      {children}
    </section>
  );
}

function Settings({ inputs, update, atmosphereValid }: { inputs: ToolsInputs; update: UpdateInputs; atmosphereValid: boolean }) {
  const ids = { refrigerant: useId(), unit: useId(), reference: useId(), atmosphere: useId(), temperature: useId(), system: useId(), systemHint: useId(), hint: useId(), error: useId(), blend: useId() };
  const refrigerant = REFRIGERANTS[inputs.refrigerant];
  return (
    <section aria-labelledby={`${ids.refrigerant}-h`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="tool-settings">
      <h2 id={`${ids.refrigerant}-h`} className="mb-4 text-lg font-semibold text-slate-900">
        {t.settings.heading}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <label htmlFor={ids.refrigerant} className={labelStyles}>
            {t.settings.refrigerant}
          </label>
          <select
            id={ids.refrigerant}
            className={inputStyles}
            value={inputs.refrigerant}
            aria-describedby={ids.blend}
            onChange={(e) => update({ refrigerant: e.target.value as ToolsInputs['refrigerant'] })}
          >
            {REFRIGERANT_IDS.map((id) => (
              <option key={id} value={id}>
                {REFRIGERANTS[id].label}
              </option>
            ))}
          </select>
          <p id={ids.blend} className="mt-1 text-xs text-slate-600">
            {refrigerant.description}
            {refrigerant.blend && ` · ${t.settings.blend}`}
          </p>
        </div>
        <div>
          <label htmlFor={ids.system} className={labelStyles}>
            {t.settings.system}
          </label>
          <select
            id={ids.system}
            className={inputStyles}
            value={inputs.system}
            aria-describedby={ids.systemHint}
            onChange={(e) => update({ system: e.target.value as ToolsInputs['system'] })}
          >
            {SYSTEM_TYPES.map((system) => (
              <option key={system} value={system}>
                {t.settings.systems[system]}
              </option>
            ))}
          </select>
          <p id={ids.systemHint} className="mt-1 text-xs text-slate-600">
            {t.settings.systemHints[inputs.system]}
          </p>
        </div>
        <div className="grid grid-cols-2 items-end gap-3">
          <div>
            <label htmlFor={ids.unit} className={labelStyles}>
              {t.settings.pressureUnit}
            </label>
            <select id={ids.unit} className={inputStyles} value={inputs.pressureUnit} onChange={(e) => update({ pressureUnit: e.target.value as ToolsInputs['pressureUnit'] })}>
              {PRESSURE_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {t.units.pressure[unit]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.temperature} className={labelStyles}>
              {t.settings.temperatureUnit}
            </label>
            <select
              id={ids.temperature}
              className={inputStyles}
              value={inputs.temperatureUnit}
              onChange={(e) => update({ temperatureUnit: e.target.value as ToolsInputs['temperatureUnit'] })}
            >
              {TEMPERATURE_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {t.units.temperature[unit]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <label htmlFor={ids.reference} className={labelStyles}>
            {t.settings.reference}
          </label>
          <select id={ids.reference} className={inputStyles} value={inputs.reference} onChange={(e) => update({ reference: e.target.value as ToolsInputs['reference'] })}>
            {(['gauge', 'absolute'] as const).map((reference) => (
              <option key={reference} value={reference}>
                {t.settings.references[reference]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.atmosphere} className={labelStyles}>
            {t.settings.atmosphere}
          </label>
          <input
            id={ids.atmosphere}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className={inputStyles}
            value={inputs.atmosphere}
            aria-invalid={!atmosphereValid}
            aria-describedby={atmosphereValid ? ids.hint : `${ids.error} ${ids.hint}`}
            onChange={(e) => update({ atmosphere: e.target.value })}
          />
          {!atmosphereValid && (
            <p id={ids.error} className="mt-1 text-xs font-medium text-red-700">
              {t.errors.atmosphere}
            </p>
          )}
          <p id={ids.hint} className="mt-1 text-xs text-slate-600">
            {t.settings.atmosphereHint}
          </p>
        </div>
      </div>
    </section>
  );
}
