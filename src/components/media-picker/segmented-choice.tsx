import { useId } from 'react';
import styles from './media.module.css';

type SegmentedChoiceProps<T extends string> = {
  legend: string;
  /** The choices explain themselves (Alle/Bilder/Videoer): the legend is for screen readers only. */
  hideLegend?: boolean;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
};

/** One of a few choices as a row of buttons: native radios underneath, so arrows and screen readers work. */
export function SegmentedChoice<T extends string>({
  legend,
  hideLegend = false,
  options,
  value,
  onChange,
}: SegmentedChoiceProps<T>) {
  const name = useId();
  return (
    <fieldset className={styles.segments}>
      <legend className={hideLegend ? 'visually-hidden' : undefined}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value}>
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
