import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { paths } from '@/lib/paths';
import { useCreateForm } from '../api/form-list-actions';
import { BLANK_DEFINITION } from '../api/get-form';
import { TEMPLATE_IDS, TEMPLATES, type TemplateId } from '../utils/templates';

const NAME_MAX = 200;

/** «Nytt skjema»: a name and what to start from (blank or a template); opens the builder once made. */
export function CreateFormDialog({
  organizationId,
  open,
  onOpenChange,
}: {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('forms');
  const navigate = useNavigate();
  const create = useCreateForm(organizationId);
  const [name, setName] = useState('');
  const [start, setStart] = useState<TemplateId | 'blank'>('blank');
  const [error, setError] = useState<string | undefined>();

  const pick = (value: string) => {
    const template = TEMPLATE_IDS.find((id) => id === value);
    setStart(template ?? 'blank');
    // A name not typed yet follows the template's.
    if (template && name.trim() === '') setName(t(`create.templates.${template}`));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setError(t('create.nameRequired'));
    if (trimmed.length > NAME_MAX) return setError(t('create.nameTooLong'));
    setError(undefined);
    const definition = start === 'blank' ? BLANK_DEFINITION : TEMPLATES[start];
    create.mutate(
      { name: trimmed, definition },
      { onSuccess: (id) => id && void navigate(paths.formEdit(id)) },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('create.title')} description={t('create.intro')}>
      <Form onSubmit={submit} aria-label={t('create.title')}>
        <Input
          label={t('create.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
          autoComplete="off"
        />
        <NativeSelect
          label={t('create.start')}
          value={start}
          onChange={(event) => pick(event.target.value)}
          options={[
            { value: 'blank', label: t('create.blank') },
            ...TEMPLATE_IDS.map((id) => ({ value: id, label: t(`create.templates.${id}`) })),
          ]}
        />
        <FormStatus error={create.error} />
        <div>
          <Button type="submit" disabled={create.isPending}>
            {t('create.submit')}
          </Button>{' '}
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t('create.cancel')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
