import { Check, ChevronDown } from 'lucide-react';
import { Select as RadixSelect } from 'radix-ui';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import type { FieldOptions } from '@/components/field';
import styles from '@/components/form-controls.module.css';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = FieldOptions & {
  /** Radix reserves the empty string for "nothing chosen", so option values must not be ''. */
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  /** Makes the choice part of a surrounding <form> through a hidden native select. */
  name?: string;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  ref?: Ref<HTMLButtonElement>;
};

export function Select({
  label,
  hint,
  error,
  hideLabel,
  id,
  options,
  placeholder,
  required,
  ref,
  ...root
}: SelectProps) {
  const { t } = useTranslation('components');
  return (
    <Field label={label} hint={hint} error={error} hideLabel={hideLabel} id={id}>
      {(control) => (
        <RadixSelect.Root {...root} required={required}>
          <RadixSelect.Trigger
            {...control}
            ref={ref}
            aria-required={required || undefined}
            className={`${styles.control} ${styles.selectTrigger}`}
          >
            <RadixSelect.Value placeholder={placeholder ?? t('selectPlaceholder')} />
            <RadixSelect.Icon className={styles.selectIcon}>
              <ChevronDown aria-hidden="true" />
            </RadixSelect.Icon>
          </RadixSelect.Trigger>
          <RadixSelect.Portal>
            <RadixSelect.Content className={styles.selectContent} position="popper" sideOffset={4}>
              <RadixSelect.Viewport className={styles.selectViewport}>
                {options.map((option) => (
                  <RadixSelect.Item
                    key={option.value}
                    value={option.value}
                    disabled={option.disabled}
                    className={styles.selectItem}
                  >
                    <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                    <RadixSelect.ItemIndicator className={styles.selectIndicator}>
                      <Check aria-hidden="true" />
                    </RadixSelect.ItemIndicator>
                  </RadixSelect.Item>
                ))}
              </RadixSelect.Viewport>
            </RadixSelect.Content>
          </RadixSelect.Portal>
        </RadixSelect.Root>
      )}
    </Field>
  );
}
