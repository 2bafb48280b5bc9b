import { oreToKroner, parseKronerToOre } from '@/lib/kroner';
import { VAT_RATES, type VatRate } from '@/lib/vat';

/** The database's limits on a product (products' checks in the checkouts migration). */
export const PRODUCT_LIMITS = {
  name: 120,
  description: 2000,
  priceOre: 100_000_000,
  maxPerOrder: 1000,
} as const;

/** What the product dialog holds: the fields as typed, so nothing is lost on a refusal. */
export interface ProductFormValues {
  name: string;
  description: string;
  /** Kroner as typed in Norway: «1 299,50». */
  price: string;
  vatRate: VatRate;
  /** Units left; empty for no limit. */
  stock: string;
  maxPerOrder: string;
  imageMediaId: string | null;
}

export type ProductFormField = 'name' | 'description' | 'price' | 'stock' | 'maxPerOrder';

/** The locale keys under `products.errors` that explain a problem. */
export type ProductErrorKey =
  | 'nameRequired'
  | 'nameTooLong'
  | 'descriptionTooLong'
  | 'priceRequired'
  | 'priceInvalid'
  | 'priceTooHigh'
  | 'stockInvalid'
  | 'maxPerOrderInvalid';

/** A problem with one field, by the key of its message. */
export type ProductFormErrors = Partial<Record<ProductFormField, ProductErrorKey>>;

export interface ProductInput {
  name: string;
  description: string;
  price_ore: number;
  vat_rate: VatRate;
  stock: number | null;
  max_per_order: number;
  image_media_id: string | null;
}

export const emptyProductForm = (): ProductFormValues => ({
  name: '',
  description: '',
  price: '',
  vatRate: 25,
  stock: '',
  maxPerOrder: '10',
  imageMediaId: null,
});

export const productFormOf = (product: ProductInput): ProductFormValues => ({
  name: product.name,
  description: product.description,
  price: oreToKroner(product.price_ore),
  vatRate: product.vat_rate,
  stock: product.stock === null ? '' : String(product.stock),
  maxPerOrder: String(product.max_per_order),
  imageMediaId: product.image_media_id,
});

export const isVatRate = (value: number): value is VatRate =>
  (VAT_RATES as readonly number[]).includes(value);

/** A typed price in øre, or null while it is empty or not an amount (the dialog's live price). */
export function priceOreOf(price: string): number | null {
  if (price.trim() === '') return null;
  const ore = parseKronerToOre(price);
  return ore !== null && ore <= PRODUCT_LIMITS.priceOre ? ore : null;
}

const wholeNumber = (value: string) => (/^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null);

/** The fields checked as the database would, with a message key for each problem, and the row to write. */
export function validateProductForm(values: ProductFormValues): {
  errors: ProductFormErrors;
  input: ProductInput | null;
} {
  const errors: ProductFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'nameRequired';
  else if (name.length > PRODUCT_LIMITS.name) errors.name = 'nameTooLong';
  if (values.description.length > PRODUCT_LIMITS.description) errors.description = 'descriptionTooLong';

  const priceOre = values.price.trim() === '' ? null : parseKronerToOre(values.price);
  if (values.price.trim() === '') errors.price = 'priceRequired';
  else if (priceOre === null) errors.price = 'priceInvalid';
  else if (priceOre > PRODUCT_LIMITS.priceOre) errors.price = 'priceTooHigh';

  const stock = values.stock.trim() === '' ? null : wholeNumber(values.stock);
  if (values.stock.trim() !== '' && stock === null) errors.stock = 'stockInvalid';

  const maxPerOrder = wholeNumber(values.maxPerOrder);
  if (maxPerOrder === null || maxPerOrder < 1 || maxPerOrder > PRODUCT_LIMITS.maxPerOrder) {
    errors.maxPerOrder = 'maxPerOrderInvalid';
  }

  if (Object.keys(errors).length > 0 || priceOre === null || maxPerOrder === null) {
    return { errors, input: null };
  }
  return {
    errors,
    input: {
      name,
      description: values.description.trim(),
      price_ore: priceOre,
      vat_rate: values.vatRate,
      stock,
      max_per_order: maxPerOrder,
      image_media_id: values.imageMediaId,
    },
  };
}
