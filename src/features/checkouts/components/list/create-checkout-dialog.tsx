import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CreateDialog, type ListCreateDialogProps } from '@/components/create-dialog';
import { NativeSelect } from '@/components/native-select';
import { paths } from '@/lib/paths';
import { productChoicesQueryOptions, useCreateCheckout } from '../../api/checkout-list';

const NAME_MAX = 120;

/** «Ny kasse»: a name and the product it sells; creates a draft and opens its page. */
export function CreateCheckoutDialog({ organizationId, open, onOpenChange }: ListCreateDialogProps) {
  const { t } = useTranslation('checkouts');
  const navigate = useNavigate();
  const products = useQuery({ ...productChoicesQueryOptions(organizationId), enabled: open });
  const create = useCreateCheckout(organizationId);
  const [name, setName] = useState('');
  const [productId, setProductId] = useState('');

  const onCreate = (trimmed: string) =>
    create.mutate(
      { name: trimmed, productId: productId || null },
      { onSuccess: (id) => id && void navigate(`${paths.checkouts}/${encodeURIComponent(id)}`) },
    );

  const options = [
    { value: '', label: t('list.create.noProduct') },
    ...(products.data ?? []).map((product) => ({ value: product.id, label: product.name })),
  ];
  return (
    <CreateDialog
      open={open}
      onOpenChange={onOpenChange}
      texts={t('list.create', { returnObjects: true, max: NAME_MAX })}
      nameMax={NAME_MAX}
      name={name}
      onNameChange={setName}
      onCreate={onCreate}
      mutation={create}
    >
      <NativeSelect
        label={t('list.create.product')}
        options={options}
        value={productId}
        onChange={(event) => setProductId(event.target.value)}
      />
    </CreateDialog>
  );
}
