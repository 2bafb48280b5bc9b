import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useRevalidator } from 'react-router-dom';
import { Button } from '@/components/button';
import { NativeSelect } from '@/components/native-select';
import { AssistantButton } from '@/features/assistant/components/assistant-button';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { useOrganizations } from '@/lib/account/api/get-organizations';
import { invalidateAccountFacts } from '@/lib/account/api/refresh-account-facts';
import { storeLastOrganization } from '@/lib/account/api/store-last-organization';
import { currentHostname, hostKindOf, type HostKind } from '@/lib/host';
import { isMarketplacePath, paths } from '@/lib/paths';
import { peekReturnTo } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { supabase } from '@/lib/supabase';
import styles from './layout.module.css';
import { useDisclosure } from './use-disclosure';
import { useMarketplaceLink, type MarketplaceLink } from './use-marketplace-link';

const otherNavigation = [
  { key: 'leads', to: paths.leads, label: 'nav.leads' },
  { key: 'calendars', to: paths.calendars, label: 'nav.calendars' },
  { key: 'competitions', to: paths.competitionList, label: 'nav.competitions' },
  { key: 'popups', to: paths.popups, label: 'nav.popups' },
  { key: 'checkouts', to: paths.checkouts, label: 'nav.checkouts' },
  { key: 'funnels', to: paths.funnels, label: 'nav.funnels' },
  { key: 'forms', to: paths.forms, label: 'nav.forms' },
  { key: 'media', to: paths.media, label: 'nav.media' },
  { key: 'bookingSolutions', to: paths.bookingSolutions, label: 'nav.bookingSolutions' },
  { key: 'meetings', to: paths.meetings, label: 'nav.meetings' },
  { key: 'lifetimeValue', to: paths.lifetimeValue, label: 'nav.lifetimeValue' },
  { key: 'payments', to: paths.payments, label: 'nav.payments' },
] as const;

function OrganizationSwitcher() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const organizations = useOrganizations();
  const current = useCurrentOrganization();
  const memberships = organizations.data?.memberships ?? [];

  async function switchTo(organizationId: string) {
    if (!session) return;
    await storeLastOrganization(session.user.id, organizationId);
    await invalidateAccountFacts(queryClient);
    // The guards and the screen's loaders run again for the new organization.
    await revalidator.revalidate();
  }

  return (
    <div className={styles.switcher}>
      <NativeSelect
        label={t('switchOrganization')}
        hideLabel
        value={current?.organizationId ?? ''}
        options={
          memberships.length
            ? memberships.map((membership) => ({ value: membership.organizationId, label: membership.name }))
            : [{ value: '', label: t('noOrganization') }]
        }
        onChange={(event) => void switchTo(event.target.value)}
        disabled={memberships.length < 2}
      />
    </div>
  );
}

/** A menu entry: a screen of the app, or (the marketplace, from the competition host) another host. */
type NavigationItem = { key: string; label: `nav.${NavigationKey}`; to?: string; href?: string };
type NavigationKey = (typeof otherNavigation)[number]['key'] | 'marketplace';

function navigationItems(marketplace: MarketplaceLink): NavigationItem[] {
  const marketplaceItem: NavigationItem[] = !marketplace
    ? []
    : marketplace.kind === 'route'
      ? [{ key: 'marketplace', label: 'nav.marketplace', to: marketplace.to }]
      : [{ key: 'marketplace', label: 'nav.marketplace', href: marketplace.href }];
  return [...marketplaceItem, ...otherNavigation];
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

function MainNavigation({ hostKind }: { hostKind: HostKind }) {
  const { t } = useTranslation();
  const items = navigationItems(useMarketplaceLink());
  const heldFromMarketplace = useHeldFromMarketplace(hostKind);
  const forcedCurrent = heldFromMarketplace ? 'marketplace' : null;

  return (
    <nav className={styles.nav} aria-label={t('mainNavigation')}>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            {item.href ? (
              <a href={item.href}>{t(item.label)}</a>
            ) : forcedCurrent ? (
              <Link to={item.to ?? paths.home} aria-current={item.key === forcedCurrent ? 'page' : undefined}>
                {t(item.label)}
              </Link>
            ) : (
              <NavLink to={item.to ?? paths.home} end={item.to === paths.home}>
                {t(item.label)}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The organization dashboard: navigation, organization switcher, help and sign-out around a screen.
 * Wide screens show the navigation as a side bar and the tools in the header; narrow ones fold both
 * into one «Meny» disclosure under the header (docs/layout.md).
 */
export function AppLayout() {
  const { t } = useTranslation();
  const hostKind = hostKindOf(currentHostname());
  const menu = useDisclosure();

  return (
    <div className={styles.appShell}>
      <a className={styles.skipLink} href="#main">
        {t('skipToContent')}
      </a>
      <header className={styles.header}>
        <Link className={styles.brand} to={paths.home}>
          {t('appName')}
        </Link>
        <Button
          variant="secondary"
          className={styles.menuButton}
          aria-controls="app-menu"
          {...menu.buttonProps}
        >
          {t('menu')}
        </Button>
      </header>
      <div id="app-menu" className={styles.menu} data-open={menu.open} {...menu.panelProps}>
        <div className={styles.tools}>
          <OrganizationSwitcher />
          <AssistantButton />
          <nav className={styles.userMenu} aria-label={t('accountMenu')}>
            <NavLink to={paths.profileSettings} end>
              {t('myAccount')}
            </NavLink>
            <NavLink to={paths.organizationSettings} end>
              {t('organization')}
            </NavLink>
          </nav>
          <Button variant="ghost" onClick={() => void supabase.auth.signOut({ scope: 'local' })}>
            {t('signOut')}
          </Button>
        </div>
        <MainNavigation hostKind={hostKind} />
      </div>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
