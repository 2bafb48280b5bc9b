import type { CSSProperties } from 'react';
import layout from '@/components/page.module.css';
import styles from './calendars.module.css';

type Choice<T extends string> = { value: T; label: string; swatch?: CSSProperties };

/** One of a few named looks (a theme, a door style): radio buttons in a wrapping row, a swatch each. */
export function RadioChoices<T extends string>({
  legend,
  hint,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  hint?: string;
  name: string;
  options: Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      {hint ? <p className={layout.muted}>{hint}</p> : null}
      <div className={styles.choices}>
        {options.map((option) => (
          <label key={option.value} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.swatch ? (
              <span className={styles.themeSwatch} aria-hidden="true" style={option.swatch} />
            ) : null}
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
