import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import layout from '@/components/page.module.css';
import { paths } from '@/lib/paths';
import { productChoicesQueryOptions, useCreateCheckout } from '../../api/checkout-list';

const NAME_MAX = 120;

/** «Ny kasse»: a name and the product it sells; creates a draft and opens its page. */
export function CreateCheckoutDialog({
  organizationId,
  open,
  onOpenChange,
}: {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('checkouts');
  const navigate = useNavigate();
  const products = useQuery({ ...productChoicesQueryOptions(organizationId), enabled: open });
  const create = useCreateCheckout(organizationId);
  const [name, setName] = useState('');
  const [productId, setProductId] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setError(t('list.create.nameRequired'));
    if (trimmed.length > NAME_MAX) return setError(t('list.create.nameTooLong', { max: NAME_MAX }));
    setError(undefined);
    create.mutate(
      { name: trimmed, productId: productId || null },
      { onSuccess: (id) => id && void navigate(`${paths.checkouts}/${encodeURIComponent(id)}`) },
    );
  };

  const options = [
    { value: '', label: t('list.create.noProduct') },
    ...(products.data ?? []).map((product) => ({ value: product.id, label: product.name })),
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('list.create.title')}>
      <Form onSubmit={submit} aria-label={t('list.create.title')}>
        <Input
          label={t('list.create.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
          autoComplete="off"
        />
        <NativeSelect
          label={t('list.create.product')}
          options={options}
          value={productId}
          onChange={(event) => setProductId(event.target.value)}
        />
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
