import { useId } from 'react';
import { inputStyles, labelStyles } from '@clima/web-kit/button';

/** A decimal field with its unit beside it and its error under it, tied to the input for screen readers. */
export function NumberField({
  label,
  unit,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  unit: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  testId: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelStyles}>
        {label} <span className="font-normal text-slate-600">({unit})</span>
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        data-testid={testId}
        className={inputStyles}
        value={value}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
