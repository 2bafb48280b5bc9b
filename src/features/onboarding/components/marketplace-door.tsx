import { type CSSProperties, Suspense, use } from 'react';
import buttonStyles from '@/components/button.module.css';
import { formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { saveReturnTo } from '@/lib/return-to';
import type { Door, DoorMarketplace, DoorTeaser } from '../types';
import { doorUrlAt } from '../utils/door';
import type { DoorText } from '../utils/door-text';
import { preselect, preselectionFromQuery, registerPath } from '../utils/plan-choice';
import styles from './door.module.css';

/** The door's answer, settled: a failure is shown on the page, not thrown. */
export type DoorResult = { ok: true; door: Door } | { ok: false };

type MarketplaceDoorProps = {
  result: Promise<DoorResult>;
  t: DoorText;
  /** The page's query: a plan in it (`?plan=tickets&tickets=10`) travels on to the join flow. */
  search: URLSearchParams;
};

/**
 * `/bli-partner` for a visitor: what this host's marketplace is, what a lead costs, how many share
 * one, how contact details are revealed, and a few of its current listings — then «Bli med», which
 * signs the visitor up and brings them back to the join flow. Router-free and i18next-free: it is
 * served by the lean public entry (src/app/start-public.tsx).
 */
export function MarketplaceDoor(props: MarketplaceDoorProps) {
  return (
    <Suspense
      fallback={
        <div className={styles.page}>
          <p role="status">{props.t('loading')}</p>
        </div>
      }
    >
      <DoorContent {...props} />
    </Suspense>
  );
}

function DoorContent({ result, t, search }: MarketplaceDoorProps) {
  const settled = use(result);
  if (!settled.ok) {
    return (
      <div className={styles.page}>
        <title>{t('pageTitleShort')}</title>
        <h1>{t('unavailable')}</h1>
        <p>
          <a href={window.location.href}>{t('retry')}</a>
        </p>
      </div>
    );
  }
  const { door } = settled;
  if (door.kind === 'none') return <NoMarketplace elsewhere={door.elsewhere} t={t} />;
  return <DoorView marketplace={door.marketplace} teasers={door.teasers} t={t} search={search} />;
}

function NoMarketplace({ elsewhere, t }: { elsewhere: { name: string; host: string }[]; t: DoorText }) {
  return (
    <div className={styles.page}>
      <title>{t('noMarketplaceTitle')}</title>
      <h1>{t('noMarketplaceTitle')}</h1>
      <p>{t('noMarketplace')}</p>
      {elsewhere.length > 0 ? (
        <section aria-labelledby="door-elsewhere">
          <h2 id="door-elsewhere">{t('elsewhere')}</h2>
          <ul className={styles.links}>
            {elsewhere.map((marketplace) => (
              <li key={marketplace.host}>
                <a href={doorUrlAt(marketplace.host)}>{t('elsewhereLink', { name: marketplace.name })}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function DoorView({
  marketplace,
  teasers,
  t,
  search,
}: {
  marketplace: DoorMarketplace;
  teasers: DoorTeaser[];
  t: DoorText;
  search: URLSearchParams;
}) {
  const { name } = marketplace;
  const packs = marketplace.packs.map((pack) => ({ id: String(pack.tickets), ...pack }));
  const { choice } = preselect(preselectionFromQuery(search), packs);
  // Sign-up happens on /auth; the join flow is where the visitor comes back to.
  const rememberJoinFlow = () => saveReturnTo(registerPath(choice));
  const brand = marketplace.primaryColor
    ? ({ '--door-brand': marketplace.primaryColor } as CSSProperties)
    : undefined;
  const join = (
    <a
      className={[buttonStyles.button, buttonStyles.primary, buttonStyles.md, styles.cta].join(' ')}
      href={paths.auth}
      onClick={rememberJoinFlow}
    >
      {t('join')}
    </a>
  );

  return (
    <div className={styles.page} style={brand}>
      <title>{t('pageTitle', { name })}</title>
      <header className={styles.hero}>
        <p className={styles.brand}>{name}</p>
        <h1>{t('title', { name })}</h1>
        {marketplace.tagline ? <p className={styles.tagline}>{marketplace.tagline}</p> : null}
        <p>{t('intro', { name })}</p>
        <div className={styles.actions}>{join}</div>
        <p className={styles.subtle}>{t('joinHint')}</p>
      </header>

      <div className={styles.facts}>
        <section aria-labelledby="door-how">
          <h2 id="door-how">{t('howTitle')}</h2>
          <ol className={styles.list}>
            <li>{t('howBrowse')}</li>
            <li>{t('howBuy')}</li>
            <li>{t('howReveal')}</li>
          </ol>
        </section>

        <section aria-labelledby="door-price">
          <h2 id="door-price">{t('priceTitle')}</h2>
          <ul className={styles.list}>
            <li>{t('priceOnDemand', { price: formatMoney(marketplace.defaultPriceOre) })}</li>
            <li>
              {t('priceTickets', { count: marketplace.defaultPriceTickets })}
              {packs.length > 0 ? (
                <ul className={styles.packs}>
                  {packs.map((pack) => (
                    <li key={pack.id}>
                      {t('pack', { tickets: pack.tickets, price: formatMoney(pack.priceOre) })}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          </ul>
          <p className={styles.subtle}>{t('priceNote')}</p>
        </section>

        <section aria-labelledby="door-share">
          <h2 id="door-share">{t('shareTitle')}</h2>
          <p>{t('shareText')}</p>
        </section>
      </div>

      <section aria-labelledby="door-teasers">
        <h2 id="door-teasers">{t('teasersTitle', { name })}</h2>
        {teasers.length === 0 ? (
          <p>{t('teasersEmpty')}</p>
        ) : (
          <>
            <p className={styles.subtle}>{t('teasersNote')}</p>
            <ul className={styles.teasers}>
              {teasers.map((teaser, index) => (
                <TeaserCard key={index} teaser={teaser} index={index} t={t} />
              ))}
            </ul>
          </>
        )}
      </section>

      <div className={styles.actions}>{join}</div>
    </div>
  );
}

function TeaserCard({ teaser, index, t }: { teaser: DoorTeaser; index: number; t: DoorText }) {
  const titleId = `door-teaser-${index}`;
  const left = Math.max(0, teaser.maxBuyers - teaser.buyersCount);
  return (
    <li className={styles.teaser}>
      <article aria-labelledby={titleId}>
        <h3 id={titleId}>{teaser.title}</h3>
        <dl className={styles.details}>
          <dt>{t('categoryLabel')}</dt>
          <dd>{teaser.category ?? t('unknown')}</dd>
          <dt>{t('areaLabel')}</dt>
          <dd>{teaser.area ?? t('unknown')}</dd>
          <dt>{t('priceLabel')}</dt>
          <dd>{t('teaserPrice', { price: formatMoney(teaser.priceOre), count: teaser.priceTickets })}</dd>
          <dt>{t('buyersLabel')}</dt>
          <dd>
            {teaser.maxBuyers === 1 ? t('exclusive') : t('shared', { count: left, max: teaser.maxBuyers })}
          </dd>
        </dl>
      </article>
    </li>
  );
}
