import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { type HostKind } from '@/lib/host';
import { isMarketplacePath, paths } from '@/lib/paths';
import { peekReturnTo } from '@/lib/return-to';
import styles from './layout.module.css';
import { navigationGroups, type NavigationItem } from './navigation';
import { useMarketplaceLink, type MarketplaceLink } from './use-marketplace-link';

/** The groups with «Markedsplass» resolved for this host, or left out when it leads nowhere. */
function resolvedGroups(marketplace: MarketplaceLink) {
  return navigationGroups
    .map((group) => ({
      ...group,
      items: group.items.flatMap((item): NavigationItem[] => {
        if (item.key !== 'marketplace') return [item];
        if (!marketplace) return [];
        return [
          marketplace.kind === 'route'
            ? { ...item, to: marketplace.to }
            : { ...item, href: marketplace.href },
        ];
      }),
    }))
    .filter((group) => group.items.length > 0);
}

/**
 * The payment guard holds an organization without a card on /payments/setup when it asked for the
 * marketplace; the menu keeps «Markedsplass» marked, not «Betaling», so the user sees where they are.
 */
function useHeldFromMarketplace(hostKind: HostKind) {
  const { pathname } = useLocation();
  if (pathname !== paths.paymentsSetup) return false;
  const target = peekReturnTo();
  return target !== null && isMarketplacePath(target, hostKind);
}

function ItemContent({ item }: { item: NavigationItem }) {
  const { t } = useTranslation('shell');
  const Icon = item.icon;
  return (
    <>
      <Icon className={styles.navIcon} aria-hidden="true" />
      <span className={styles.navText}>
        {t(`nav.${item.key}`)}
        {item.coming ? <span className={styles.coming}>{t('coming')}</span> : null}
      </span>
    </>
  );
}

type MainNavigationProps = {
  hostKind: HostKind;
  /** Called when a link is chosen (the phone drawer closes on it). */
  onNavigate?: () => void;
};

/** The grouped navigation: the desktop side bar and the phone drawer show the same one. */
export function MainNavigation({ hostKind, onNavigate }: MainNavigationProps) {
  const { t } = useTranslation('shell');
  const groups = resolvedGroups(useMarketplaceLink());
  const forcedCurrent = useHeldFromMarketplace(hostKind) ? 'marketplace' : null;
  // The side bar and the drawer may both be in the DOM: their heading ids must differ.
  const idPrefix = useId();

  return (
    <nav className={styles.nav} aria-label={t('mainNavigation')}>
      {groups.map((group) => {
        const headingId = group.key ? `${idPrefix}-${group.key}` : undefined;
        return (
          <div key={group.key ?? 'other'} className={styles.navGroup}>
            {group.key ? (
              <p id={headingId} className={styles.navGroupHeading}>
                {t(`groups.${group.key}`)}
              </p>
            ) : null}
            <ul aria-labelledby={headingId}>
              {group.items.map((item) => (
                <li key={item.key}>
                  {item.href ? (
                    <a href={item.href} onClick={onNavigate}>
                      <ItemContent item={item} />
                    </a>
                  ) : forcedCurrent ? (
                    <Link
                      to={item.to ?? paths.home}
                      aria-current={item.key === forcedCurrent ? 'page' : undefined}
                      onClick={onNavigate}
                    >
                      <ItemContent item={item} />
                    </Link>
                  ) : (
                    <NavLink to={item.to ?? paths.home} end={item.to === paths.home} onClick={onNavigate}>
                      <ItemContent item={item} />
                    </NavLink>
                  )}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
