import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notify } from '@/components/notification-store';
import { useKeepFocus } from '@/lib/use-keep-focus';
import type { EditorCompetition } from '../api/get-competition';
import { useUpdateCompetition, type CompetitionPatch } from '../api/update-competition';
import { fieldErrors, focusFirst } from '../utils/form-errors';

/**
 * An editor section's form: its values as typed, checked with `schema` before saving (each message
 * beside its field, focus on the first), then saved as the patch `toPatch` makes. A refusal by the
 * database keeps every value; after saving, focus stays on the save button.
 */
export function useSectionForm<Values extends object>({
  competition,
  initial,
  schema,
  toPatch,
  order,
  prefix,
}: {
  competition: EditorCompetition;
  initial: Values;
  schema: z.ZodType<Values>;
  toPatch: (values: Values) => CompetitionPatch;
  /** The fields' keys in the order they are shown, for focusing the first with an error. */
  order: readonly string[];
  prefix: string;
}) {
  const { t } = useTranslation('competitions');
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateCompetition(competition.id, competition.organization_id);
  const saveButton = useKeepFocus(update.isPending);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  const message = (key: string) => {
    const code = errors[key];
    return code ? t(`errors.${code}` as 'errors.nameRequired') : undefined;
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const next = fieldErrors(parsed.error);
      setErrors(next);
      focusFirst(next, [...order, ...Object.keys(next)], prefix);
      return;
    }
    setErrors({});
    update.mutate(toPatch(parsed.data), {
      onSuccess: () => notify({ message: t('editor.saved'), tone: 'success' }),
    });
  };
  return { values, setValues, set, message, submit, update, saveButton };
}
