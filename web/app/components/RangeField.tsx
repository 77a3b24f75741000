import type { RangeSpec } from '~/lib/catalog/listing-params';
import type { ChangeMode } from '~/lib/catalog/use-listing-form';

/**
 * A min/max range as two labelled number inputs inside a fieldset (works without JavaScript);
 * once scripts run, a two-thumb slider sits on top of them (spec 01 §2 price and area sliders).
 */
export function RangeField({
  id,
  legend,
  names,
  values,
  spec,
  labels,
  format,
  onChange,
  slider,
}: {
  id: string;
  legend: string;
  names: [string, string];
  values: [string, string];
  spec: RangeSpec;
  labels: { from: string; to: string; sliderFrom: string; sliderTo: string };
  format: (n: number) => string;
  onChange: (name: string, value: string, mode: ChangeMode) => void;
  slider: boolean;
}) {
  const num = (v: string, fallback: number) => {
    const n = Number(v);
    return v.trim() !== '' && Number.isFinite(n) ? Math.min(spec.max, Math.max(spec.min, n)) : fallback;
  };
  const lo = num(values[0], spec.min);
  const hi = num(values[1], spec.max);
  const pct = (n: number) => ((n - spec.min) / (spec.max - spec.min)) * 100;
  return (
    <fieldset className="filter-group range-field">
      <legend>{legend}</legend>
      <div className="range-field__inputs">
        <label htmlFor={`${id}-min`}>
          <span>{labels.from}</span>
          <input
            id={`${id}-min`}
            type="number"
            name={names[0]}
            inputMode="numeric"
            min={spec.min}
            max={spec.max}
            step={spec.step}
            value={values[0]}
            onChange={(e) => onChange(names[0], e.target.value, 'typing')}
          />
        </label>
        <label htmlFor={`${id}-max`}>
          <span>{labels.to}</span>
          <input
            id={`${id}-max`}
            type="number"
            name={names[1]}
            inputMode="numeric"
            min={spec.min}
            max={spec.max}
            step={spec.step}
            value={values[1]}
            onChange={(e) => onChange(names[1], e.target.value, 'typing')}
          />
        </label>
      </div>
      {slider ? (
        <div
          className="range-slider"
          style={{ ['--lo' as string]: `${pct(Math.min(lo, hi))}%`, ['--hi' as string]: `${pct(Math.max(lo, hi))}%` }}
        >
          <input
            type="range"
            min={spec.min}
            max={spec.max}
            step={spec.step}
            value={Math.min(lo, hi)}
            aria-label={labels.sliderFrom}
            aria-valuetext={format(Math.min(lo, hi))}
            onChange={(e) => onChange(names[0], String(Math.min(Number(e.target.value), hi)), 'typing')}
          />
          <input
            type="range"
            min={spec.min}
            max={spec.max}
            step={spec.step}
            value={Math.max(lo, hi)}
            aria-label={labels.sliderTo}
            aria-valuetext={format(Math.max(lo, hi))}
            onChange={(e) => onChange(names[1], String(Math.max(Number(e.target.value), lo)), 'typing')}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
