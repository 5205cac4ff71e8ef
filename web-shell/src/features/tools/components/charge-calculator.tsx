import { BookOpen, FileSearch } from 'lucide-react';
import { Link } from '@clima/router';
import { CHARGE_RANGES } from '../lib/charge';
import { formatDecimal } from '../lib/number-input';
import { REFRIGERANTS } from '../lib/refrigerants';
import { readCharge, type UnitsChoice } from '../lib/readings';
import { differenceFromKelvin } from '../lib/units';
import type { ToolsInputs } from '../hooks/use-tools-inputs';
import { toolsMessages as t } from '../tools-messages';
import { NumberField } from './number-field';
import { failureText, pressureSuffix, showDifference, showTemperature } from './tools-format';
import type { UpdateInputs } from '../hooks/use-tools-inputs';

const FIELDS = {
  superheat: { pressure: 'suctionPressure', temperature: 'suctionTemperature' },
  subcooling: { pressure: 'liquidPressure', temperature: 'liquidTemperature' },
} as const;

const VERDICT_STYLES = {
  low: 'bg-amber-100 text-amber-900',
  ok: 'bg-emerald-100 text-emerald-900',
  high: 'bg-red-100 text-red-900',
} as const;

/** Superheat (suction, dew line) or subcooling (liquid line, bubble line), with the usual range and a diagnosis. */
export function ChargeCalculator({
  kind,
  inputs,
  update,
  units,
}: {
  kind: 'superheat' | 'subcooling';
  inputs: ToolsInputs;
  update: UpdateInputs;
  units: UnitsChoice;
}) {
  const text = t[kind];
  const fields = FIELDS[kind];
  const blend = REFRIGERANTS[inputs.refrigerant].blend;
  const { pressure, temperature, reading } = readCharge(kind, inputs.refrigerant, inputs[fields.pressure], inputs[fields.temperature], units, inputs.system);
  const [min, max] = CHARGE_RANGES[inputs.system][kind];
  const unit = t.units.temperature[units.temperatureUnit];
  const range = t.range(
    formatDecimal(differenceFromKelvin(min, units.temperatureUnit), 0),
    `${formatDecimal(differenceFromKelvin(max, units.temperatureUnit), 0)} ${unit}`,
    t.settings.systems[inputs.system],
  );
  const topic = reading ? t.topics[kind][reading.verdict] : text.topic;

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{text.intro}</p>
      <NumberField
        label={text.pressure}
        unit={pressureSuffix(units)}
        value={inputs[fields.pressure]}
        onChange={(value) => update({ [fields.pressure]: value })}
        error={'ok' in pressure ? null : failureText(pressure, units)}
        testId={`${kind}-pressure`}
      />
      <NumberField
        label={text.temperature}
        unit={unit}
        value={inputs[fields.temperature]}
        onChange={(value) => update({ [fields.temperature]: value })}
        error={'ok' in temperature ? null : failureText(temperature, units)}
        testId={`${kind}-temperature`}
      />
      <p className="text-sm text-slate-600" data-testid={`${kind}-range`}>
        {range}
      </p>
      <div aria-live="polite" data-testid={`${kind}-result`}>
        {reading && (
          <div className="space-y-3 rounded-xl bg-slate-50 p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className="text-sm text-slate-600">{text.result}</p>
              <p data-testid={`${kind}-value`} className="text-2xl font-semibold tabular-nums text-slate-900">
                {showDifference(reading.value, units)}
              </p>
            </div>
            <p className="flex items-baseline justify-between gap-x-3 text-sm text-slate-700">
              <span>{blend ? text.saturationBlend : text.saturation}</span>
              <span data-testid={`${kind}-saturation`} className="shrink-0 font-medium tabular-nums">
                {showTemperature(reading.saturation, units)}
              </span>
            </p>
            <p>
              <span data-testid={`${kind}-verdict`} className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${VERDICT_STYLES[reading.verdict]}`}>
                {t.verdict[reading.verdict]}
              </span>
            </p>
            <p data-testid={`${kind}-diagnosis`} className="text-sm text-slate-800">
              {t.diagnosis[kind][reading.verdict]}
            </p>
            <ul className="flex flex-col gap-1.5 text-sm">
              <li>
                <Link to={`/contents?q=${encodeURIComponent(topic)}`} className="inline-flex items-center gap-1.5 font-medium text-sky-800 underline underline-offset-2 hover:text-sky-900">
                  <BookOpen className="size-4" aria-hidden />
                  {t.links.contents(topic)}
                </Link>
              </li>
              <li>
                <Link to={`/manuals?q=${encodeURIComponent(topic)}`} className="inline-flex items-center gap-1.5 font-medium text-sky-800 underline underline-offset-2 hover:text-sky-900">
                  <FileSearch className="size-4" aria-hidden />
                  {t.links.manuals(topic)}
                </Link>
              </li>
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
