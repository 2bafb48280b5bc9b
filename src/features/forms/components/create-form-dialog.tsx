import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CreateDialog, type ListCreateDialogProps } from '@/components/create-dialog';
import { NativeSelect } from '@/components/native-select';
import { paths } from '@/lib/paths';
import { useCreateForm } from '../api/form-list-actions';
import { BLANK_DEFINITION } from '../api/get-form';
import { TEMPLATE_IDS, TEMPLATES, type TemplateId } from '../utils/templates';

const NAME_MAX = 200;

/** «Nytt skjema»: a name and what to start from (blank or a template); opens the builder once made. */
export function CreateFormDialog({ organizationId, open, onOpenChange }: ListCreateDialogProps) {
  const { t } = useTranslation('forms');
  const navigate = useNavigate();
  const create = useCreateForm(organizationId);
  const [name, setName] = useState('');
  const [start, setStart] = useState<TemplateId | 'blank'>('blank');

  const pick = (value: string) => {
    const template = TEMPLATE_IDS.find((id) => id === value);
    setStart(template ?? 'blank');
    // A name not typed yet follows the template's.
    if (template && name.trim() === '') setName(t(`create.templates.${template}`));
  };

  const onCreate = (trimmed: string) => {
    const definition = start === 'blank' ? BLANK_DEFINITION : TEMPLATES[start];
    create.mutate(
      { name: trimmed, definition },
      { onSuccess: (id) => id && void navigate(paths.formEdit(id)) },
    );
  };

  return (
    <CreateDialog
      open={open}
      onOpenChange={onOpenChange}
      texts={t('create', { returnObjects: true, max: NAME_MAX })}
      nameMax={NAME_MAX}
      name={name}
      onNameChange={setName}
      onCreate={onCreate}
      mutation={create}
    >
      <NativeSelect
        label={t('create.start')}
        value={start}
        onChange={(event) => pick(event.target.value)}
        options={[
          { value: 'blank', label: t('create.blank') },
          ...TEMPLATE_IDS.map((id) => ({ value: id, label: t(`create.templates.${id}`) })),
        ]}
      />
    </CreateDialog>
  );
}
