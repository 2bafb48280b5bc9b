import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { MediaChoice } from '@/components/media-picker/media-choice';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import type { MediaSummary } from '@/lib/media/types';
import { VAT_RATES } from '@/lib/vat';
import { type CatalogProduct, useSaveProduct } from '../../api/products';
import {
  emptyProductForm,
  isVatRate,
  PRODUCT_LIMITS,
  productFormOf,
  validateProductForm,
  type ProductFormErrors,
  type ProductFormValues,
  type ProductInput,
} from '../../utils/product-form';
import { PriceBreakdown } from './price-breakdown';

type ProductDialogProps = {
  organizationId: string;
  /** The product to change, or null for «Nytt produkt». */
  product: CatalogProduct | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** «Nytt produkt» or a product's changes: mounted per opening, so it starts from the product. */
export function ProductDialog({ organizationId, product, open, onOpenChange }: ProductDialogProps) {
  const { t } = useTranslation('checkouts');
  const title = product
    ? t('products.dialog.editTitle', { name: product.name })
    : t('products.dialog.createTitle');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      {open ? (
        <ProductForm
          organizationId={organizationId}
          product={product}
          title={title}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

/** Only the fields that differ from the product: a restock is sent only when the stock was changed. */
function changedFields(input: ProductInput, product: CatalogProduct): Partial<ProductInput> {
  return Object.fromEntries(
    Object.entries(input).filter(([key, value]) => product[key as keyof ProductInput] !== value),
  );
}

function ProductForm({
  organizationId,
  product,
  title,
  onDone,
}: {
  organizationId: string;
  product: CatalogProduct | null;
  title: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('checkouts');
  const save = useSaveProduct(organizationId);
  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? productFormOf(product) : emptyProductForm(),
  );
  const [image, setImage] = useState<MediaSummary | null>(product?.image ?? null);
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const set = (patch: Partial<ProductFormValues>) => setValues((previous) => ({ ...previous, ...patch }));
  const errorOf = (field: keyof ProductFormErrors) => {
    const key = errors[field];
    const max = field === 'description' ? PRODUCT_LIMITS.description : PRODUCT_LIMITS.name;
    return key ? t(`products.errors.${key}`, { max }) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateProductForm(values);
    setErrors(checked.errors);
    const input = checked.input;
    if (!input) return;
    save.mutate(
      { id: product?.id ?? null, input: product ? changedFields(input, product) : input },
      {
        onSuccess: () => {
          notify({
            message: t(product ? 'products.dialog.saved' : 'products.dialog.created', { name: input.name }),
            tone: 'success',
          });
          onDone();
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} aria-label={title}>
      <Input
        label={t('products.dialog.name')}
        value={values.name}
        onChange={(event) => set({ name: event.target.value })}
        error={errorOf('name')}
        autoComplete="off"
      />
      <Textarea
        label={t('products.dialog.description')}
        hint={t('products.dialog.descriptionHint')}
        rows={3}
        value={values.description}
        onChange={(event) => set({ description: event.target.value })}
        error={errorOf('description')}
      />
      <div className={layout.grid}>
        <Input
          label={t('products.dialog.price')}
          hint={t('products.dialog.priceHint')}
          value={values.price}
          inputMode="decimal"
          autoComplete="off"
          onChange={(event) => set({ price: event.target.value })}
          error={errorOf('price')}
        />
        <NativeSelect
          label={t('products.dialog.vatRate')}
          value={String(values.vatRate)}
          onChange={(event) => {
            const rate = Number(event.target.value);
            if (isVatRate(rate)) set({ vatRate: rate });
          }}
          options={VAT_RATES.map((rate) => ({ value: String(rate), label: t(`products.vatRates.${rate}`) }))}
        />
      </div>
      <PriceBreakdown price={values.price} vatRate={values.vatRate} />
      <div className={layout.grid}>
        <Input
          label={t('products.dialog.stock')}
          hint={t('products.dialog.stockHint')}
          value={values.stock}
          inputMode="numeric"
          autoComplete="off"
          onChange={(event) => set({ stock: event.target.value })}
          error={errorOf('stock')}
        />
        <Input
          label={t('products.dialog.maxPerOrder')}
          value={values.maxPerOrder}
          inputMode="numeric"
          autoComplete="off"
          onChange={(event) => set({ maxPerOrder: event.target.value })}
          error={errorOf('maxPerOrder')}
        />
      </div>
      <MediaChoice
        legend={t('products.dialog.image')}
        hint={t('products.dialog.imageHint')}
        emptyText={t('products.dialog.noImage')}
        media={image}
        accept="image"
        onChoose={(chosen) => {
          setImage(chosen);
          set({ imageMediaId: chosen?.id ?? null });
        }}
        texts={{
          choose: t('products.dialog.chooseImage'),
          change: t('products.dialog.changeImage'),
          remove: t('products.dialog.removeImage'),
          altMissing: t('products.dialog.imageAltMissing'),
          alt: (alt) => t('products.dialog.imageAlt', { alt }),
        }}
      />
      <FormStatus error={save.error} />
      <div className={layout.actions}>
        <Button type="submit" loading={save.isPending}>
          {product ? t('products.dialog.save') : t('products.dialog.create')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('products.dialog.cancel')}
        </Button>
      </div>
    </Form>
  );
}
