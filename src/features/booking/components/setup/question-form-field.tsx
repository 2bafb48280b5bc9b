import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/native-select';
import { questionFormsQueryOptions } from '../../api/get-question-forms';

type QuestionFormFieldProps = {
  organizationId: string;
  /** The chosen form's id; '' for none. */
  value: string;
  onChange: (formId: string) => void;
};

/**
 * «Spørsmål før bestilling»: one of the organization's published forms, whose questions the public
 * page asks on the details step. A form chosen earlier and since archived stays listed, so saving
 * the service does not drop it unasked.
 */
export function QuestionFormField({ organizationId, value, onChange }: QuestionFormFieldProps) {
  const { t } = useTranslation('booking');
  const forms = useQuery(questionFormsQueryOptions(organizationId));
  const choices = forms.data ?? [];
  const options = [
    { value: '', label: t('setup.service.noQuestions') },
    ...choices.map((form) => ({ value: form.id, label: form.name })),
    ...(value && !choices.some((form) => form.id === value)
      ? [{ value, label: t('setup.service.questionsUnavailable') }]
      : []),
  ];
  return (
    <NativeSelect
      label={t('setup.service.questions')}
      hint={t('setup.service.hints.questions')}
      value={value}
      options={options}
      disabled={forms.isPending}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
