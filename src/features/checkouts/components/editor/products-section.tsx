import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/button';
import editor from '@/components/editor.module.css';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import layout from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import { formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { MAX_BUMP_HEADING, MAX_BUMP_TEXT, MAX_MAINS } from '../../utils/checkout-draft';
import type { PreviewProduct } from '../../utils/preview-checkout';
import styles from './checkout-editor.module.css';
import type { SectionProps } from './section-props';

/**
 * «Produkter»: the main products in the order the page shows them (each with whether the buyer may
 * change the quantity) and at most one order bump with its pitch. Products are made on the list's
 * «Produkter» tab.
 */
export function ProductsSection({
  draft,
  change,
  errorOf,
  products,
}: SectionProps & { products: readonly PreviewProduct[] }) {
  const { t } = useTranslation('checkouts');
  const id = useId();
  const [adding, setAdding] = useState('');
  const byId = new Map(products.map((product) => [product.id, product]));
  const chosen = new Set(draft.mains.map((main) => main.productId));
  const addable = products.filter(
    (product) => !product.archived && !chosen.has(product.id) && product.id !== draft.bumpId,
  );
  const bumpChoices = products.filter(
    (product) => !chosen.has(product.id) && (!product.archived || product.id === draft.bumpId),
  );
  const describe = (product: PreviewProduct | undefined) =>
    product
      ? t('editor.products.price', { price: formatMoney(product.priceOre), rate: product.vatRate })
      : t('editor.products.unknown');
  const mainsError = errorOf('mains');
  const setMains = (update: (mains: typeof draft.mains) => typeof draft.mains) =>
    change((previous) => ({ ...previous, mains: update(previous.mains) }));
  const move = (index: number, by: number) =>
    setMains((mains) => {
      const next = [...mains];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });
  const add = () => {
    const productId = adding || addable[0]?.id;
    if (!productId) return;
    setMains((mains) => [...mains, { productId, quantityEditable: false }]);
    setAdding('');
  };
  const makeLink = <Link to={`${paths.checkouts}?fane=produkter`}>{t('editor.products.manage')}</Link>;

  return (
    <div className={styles.column}>
      <fieldset className={editor.fieldset} aria-describedby={mainsError ? `${id}-mains-error` : undefined}>
        <legend>{t('editor.products.mains')}</legend>
        <p className={layout.muted}>{t('editor.products.mainsHint')}</p>
        {draft.mains.length === 0 ? <p>{t('editor.products.none')}</p> : null}
        <ol className={styles.list}>
          {draft.mains.map((main, index) => {
            const product = byId.get(main.productId);
            const name = product?.name ?? t('editor.products.unknown');
            return (
              <li key={main.productId} className={styles.item}>
                <div className={styles.itemHead}>
                  <span>
                    <strong>{name}</strong> · {describe(product)}
                    {product?.archived ? <> · {t('editor.products.archived')}</> : null}
                  </span>
                  <span className={editor.rowActions}>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={t('editor.products.up', { name })}
                    >
                      {t('editor.products.upShort')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={index === draft.mains.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={t('editor.products.down', { name })}
                    >
                      {t('editor.products.downShort')}
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setMains((mains) => mains.filter((_, at) => at !== index))}
                      aria-label={t('editor.products.remove', { name })}
                    >
                      {t('editor.products.removeShort')}
                    </Button>
                  </span>
                </div>
                <label className={editor.checkbox}>
                  <input
                    type="checkbox"
                    checked={main.quantityEditable}
                    onChange={(event) =>
                      setMains((mains) =>
                        mains.map((item, at) =>
                          at === index ? { ...item, quantityEditable: event.target.checked } : item,
                        ),
                      )
                    }
                  />
                  <span>{t('editor.products.quantityEditable')}</span>
                </label>
              </li>
            );
          })}
        </ol>
        {mainsError ? (
          <p id={`${id}-mains-error`} className={styles.error} role="alert">
            {mainsError}
          </p>
        ) : null}
        {addable.length > 0 && draft.mains.length < MAX_MAINS ? (
          <div className={editor.inline}>
            <NativeSelect
              label={t('editor.products.add')}
              value={adding || addable[0]?.id}
              onChange={(event) => setAdding(event.target.value)}
              options={addable.map((product) => ({
                value: product.id,
                label: `${product.name} (${formatMoney(product.priceOre)})`,
              }))}
            />
            <Button variant="secondary" onClick={add}>
              {t('editor.products.addButton')}
            </Button>
          </div>
        ) : null}
        <p>
          {products.length === 0 ? <>{t('editor.products.noProducts')} </> : null}
          {makeLink}
        </p>
      </fieldset>

      <fieldset className={editor.fieldset}>
        <legend>{t('editor.products.bump')}</legend>
        <p className={layout.muted}>{t('editor.products.bumpHint')}</p>
        <NativeSelect
          label={t('editor.products.bumpProduct')}
          value={draft.bumpId ?? ''}
          error={errorOf('bumpId')}
          onChange={(event) => {
            const bumpId = event.target.value || null;
            change((previous) => ({
              ...previous,
              bumpId,
              // A pitch to start from, in the seller's own words afterwards.
              bumpHeading:
                bumpId && !previous.bumpHeading.trim()
                  ? t('editor.products.bumpHeadingDefault', { name: byId.get(bumpId)?.name ?? '' })
                  : previous.bumpHeading,
            }));
          }}
          options={[
            { value: '', label: t('editor.products.noBump') },
            ...bumpChoices.map((product) => ({
              value: product.id,
              label: `${product.name} (${formatMoney(product.priceOre)})`,
            })),
          ]}
        />
        {draft.bumpId ? (
          <>
            <Input
              label={t('editor.products.bumpHeading')}
              hint={t('editor.products.bumpHeadingHint')}
              value={draft.bumpHeading}
              maxLength={MAX_BUMP_HEADING + 20}
              error={errorOf('bumpHeading')}
              data-field="bumpHeading"
              onChange={(event) => change((previous) => ({ ...previous, bumpHeading: event.target.value }))}
            />
            <Textarea
              label={t('editor.products.bumpText')}
              rows={3}
              value={draft.bumpText}
              maxLength={MAX_BUMP_TEXT}
              error={errorOf('bumpText')}
              onChange={(event) => change((previous) => ({ ...previous, bumpText: event.target.value }))}
            />
          </>
        ) : null}
      </fieldset>
    </div>
  );
}
