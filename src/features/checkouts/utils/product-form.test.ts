import { describe, expect, it } from 'vitest';
import { formatPrice } from './price-text';
import { emptyProductForm, priceOreOf, productFormOf, validateProductForm } from './product-form';

const form = (patch: Partial<ReturnType<typeof emptyProductForm>>) => ({
  ...emptyProductForm(),
  name: 'Rørsjekk',
  price: '499',
  ...patch,
});

describe('the product form', () => {
  it.each([
    ['1 299,50', 129950],
    ['1\u00a0299,50', 129950],
    ['499', 49900],
    ['499 kr', 49900],
    ['0,5', 50],
    ['1000000', 100000000],
  ])('reads the price «%s» as %i øre', (price, ore) => {
    expect(validateProductForm(form({ price })).input?.price_ore).toBe(ore);
    expect(priceOreOf(price)).toBe(ore);
  });

  it.each([
    ['', 'priceRequired'],
    ['12,345', 'priceInvalid'],
    ['1.299,50', 'priceInvalid'],
    ['-5', 'priceInvalid'],
    ['1000000,01', 'priceTooHigh'],
  ])('refuses the price «%s» (%s)', (price, key) => {
    const { errors, input } = validateProductForm(form({ price }));
    expect(errors.price).toBe(key);
    expect(input).toBeNull();
  });

  it('takes an empty stock as unlimited and refuses what the database would', () => {
    expect(validateProductForm(form({ stock: '' })).input?.stock).toBeNull();
    expect(validateProductForm(form({ stock: ' 0 ' })).input?.stock).toBe(0);
    expect(validateProductForm(form({ stock: '2,5' })).errors.stock).toBe('stockInvalid');
    expect(validateProductForm(form({ maxPerOrder: '1001' })).errors.maxPerOrder).toBe('maxPerOrderInvalid');
    expect(validateProductForm(form({ name: '  ' })).errors.name).toBe('nameRequired');
    expect(validateProductForm(form({ name: 'x'.repeat(121) })).errors.name).toBe('nameTooLong');
  });

  it('shows a stored product as typed again', () => {
    const values = productFormOf({
      name: 'Alarm',
      description: '',
      price_ore: 59950,
      vat_rate: 15,
      stock: 25,
      max_per_order: 2,
      image_media_id: null,
    });
    expect(values).toMatchObject({ price: '599,50', vatRate: 15, stock: '25', maxPerOrder: '2' });
    expect(validateProductForm(values).input?.price_ore).toBe(59950);
  });

  it('writes prices as a seller does: øre only when there are some', () => {
    expect(formatPrice(49900)).toMatch(/^499\skr$/);
    expect(formatPrice(129950)).toMatch(/^1\s299,50\skr$/);
  });
});
