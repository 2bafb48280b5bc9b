import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import layout from '@/components/page.module.css';
import { paths } from '@/lib/paths';
import { useCreateFunnel } from '../../api/funnel-list';

const NAME_MAX = 120;

/** «Ny trakt»: a name; creates a draft from the standard template and opens its editor. */
export function CreateFunnelDialog({
  organizationId,
  open,
  onOpenChange,
}: {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('funnels');
  const navigate = useNavigate();
  const create = useCreateFunnel(organizationId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setError(t('list.create.nameRequired'));
    if (trimmed.length > NAME_MAX) return setError(t('list.create.nameTooLong', { max: NAME_MAX }));
    setError(undefined);
    create.mutate(trimmed, {
      onSuccess: (id) => id && void navigate(paths.funnelEdit(id)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('list.create.title')}>
      <Form onSubmit={submit} aria-label={t('list.create.title')}>
        <Input
          label={t('list.create.name')}
          hint={t('list.create.nameHint')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
          autoComplete="off"
        />
        <p className={layout.muted}>{t('list.create.template')}</p>
        <FormStatus error={create.error} />
        <div className={layout.actions}>
          <Button type="submit" loading={create.isPending}>
            {t('list.create.submit')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t('list.create.cancel')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
