import { useQuery } from '@tanstack/react-query';
import { Package } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { FormStatus } from '@/components/form-status';
import page from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { formatMoney } from '@/lib/format';
import { packsQueryOptions, type Pack, type PackKind } from '../api/get-packs';
import type { MarketplacePlan } from '../api/get-plans';
import { savedCardQueryOptions } from '../api/get-saved-card';
import { packName } from '../utils/pack-name';
import { BuyPackDialog } from './buy-pack-dialog';
import styles from './overview.module.css';

const KINDS: readonly PackKind[] = ['tickets', 'credits'];

/** The ticket and credit packs of the organization's marketplaces, per marketplace, with «Kjøp …». */
export function Packs({
  organizationId,
  marketplaces,
  canManage,
}: {
  organizationId: string;
  marketplaces: MarketplacePlan[] | undefined;
  canManage: boolean;
}) {
  const { t } = useTranslation('payments');
  const packs = useQuery({
    ...packsQueryOptions(organizationId, marketplaces ?? []),
    enabled: marketplaces !== undefined,
  });
  const savedCard = useQuery(savedCardQueryOptions(organizationId));
  const [buying, setBuying] = useState<Pack | null>(null);

  const groups = (marketplaces ?? [])
    .map((marketplace) => ({
      marketplace,
      packs: (packs.data ?? []).filter((pack) => pack.marketplaceId === marketplace.marketplaceId),
    }))
    .filter((group) => group.packs.length > 0);

  return (
    <section
      className={`${page.section} ${styles.section}`}
      aria-labelledby="payments-packs"
      aria-busy={packs.isPending}
    >
      <h2 id="payments-packs">{t('overview.packs.heading')}</h2>
      <p className={page.muted}>{canManage ? t('overview.packs.intro') : t('overview.packs.readOnly')}</p>
      {packs.error ? (
        <FormStatus error={packs.error} />
      ) : packs.isPending ? (
        <SkeletonText lines={3} />
      ) : groups.length === 0 ? (
        <EmptyState titleAs="p" icon={<Package />} title={t('overview.packs.empty')} />
      ) : (
        groups.map(({ marketplace, packs: offered }) => (
          <section
            key={marketplace.marketplaceId}
            className={`${page.section} ${styles.section}`}
            aria-labelledby={`packs-${marketplace.marketplaceId}`}
          >
            <h3 id={`packs-${marketplace.marketplaceId}`}>{marketplace.name}</h3>
            {KINDS.map((kind) => {
              const ofKind = offered.filter((pack) => pack.kind === kind);
              if (ofKind.length === 0) return null;
              const headingId = `packs-${marketplace.marketplaceId}-${kind}`;
              return (
                <Fragment key={kind}>
                  <h4 id={headingId} className={styles.kindHeading}>
                    {t(kind === 'tickets' ? 'overview.packs.tickets' : 'overview.packs.credits')}
                  </h4>
                  <ul className={styles.packs} aria-labelledby={headingId}>
                    {ofKind.map((pack) => {
                      const name = packName(t, pack);
                      return (
                        <li key={pack.id} className={styles.pack}>
                          <p className={styles.packName}>{name}</p>
                          <p className={styles.packPrice}>
                            {t('overview.packs.price', { price: formatMoney(pack.priceOre) })}
                          </p>
                          {pack.value ? (
                            <p className={page.muted}>
                              {t('overview.packs.perLead', {
                                price: formatMoney(pack.value.perLeadOre),
                                saving: pack.value.savingPercent,
                              })}
                            </p>
                          ) : null}
                          {canManage ? (
                            <Button variant="secondary" onClick={() => setBuying(pack)}>
                              {t('overview.packs.buy', { name })}
                            </Button>
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                </Fragment>
              );
            })}
          </section>
        ))
      )}
      {buying ? (
        <BuyPackDialog
          key={buying.id}
          organizationId={organizationId}
          pack={buying}
          savedCard={savedCard.data ?? null}
          onClose={() => setBuying(null)}
        />
      ) : null}
    </section>
  );
}
