import styles from './public-ui.module.css';

/** A public form field's refusal under it, as `<fieldId>-error`: the id describedBy names. */
export function FieldError({ fieldId, text }: { fieldId: string; text: string | undefined }) {
  return text ? (
    <p id={`${fieldId}-error`} className={styles.error}>
      {text}
    </p>
  ) : null;
}
