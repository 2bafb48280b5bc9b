import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CreateDialog, type ListCreateDialogProps } from '@/components/create-dialog';
import layout from '@/components/page.module.css';
import { paths } from '@/lib/paths';
import { useCreateFunnel } from '../../api/funnel-list';

const NAME_MAX = 120;

/** «Ny trakt»: a name; creates a draft from the standard template and opens its editor. */
export function CreateFunnelDialog({ organizationId, open, onOpenChange }: ListCreateDialogProps) {
  const { t } = useTranslation('funnels');
  const navigate = useNavigate();
  const create = useCreateFunnel(organizationId);
  const [name, setName] = useState('');

  return (
    <CreateDialog
      open={open}
      onOpenChange={onOpenChange}
      texts={t('list.create', { returnObjects: true, max: NAME_MAX })}
      nameMax={NAME_MAX}
      name={name}
      onNameChange={setName}
      onCreate={(trimmed) =>
        create.mutate(trimmed, { onSuccess: (id) => id && void navigate(paths.funnelEdit(id)) })
      }
      mutation={create}
    >
      <p className={layout.muted}>{t('list.create.template')}</p>
    </CreateDialog>
  );
}
