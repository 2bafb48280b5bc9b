import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useRevalidator } from 'react-router-dom';
import { Button } from '@/components/button';
import { NativeSelect } from '@/components/native-select';
import { AssistantButton } from '@/features/assistant/components/assistant-button';
import { useCurrentOrganization, useOrganizations } from '@/lib/account/current-organization';
import { storeLastOrganization } from '@/lib/account/mutations';
import { accountKeys } from '@/lib/account/queries';
import { currentHostname, hostKindOf } from '@/lib/host';
import { hostMarketplacePath, paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { supabase } from '@/lib/supabase';
import styles from './layout.module.css';

const navigation = (marketplacePath: string) =>
  [
    { to: marketplacePath, label: 'nav.marketplace' },
    { to: paths.leads, label: 'nav.leads' },
    { to: paths.calendars, label: 'nav.calendars' },
    { to: paths.competitionList, label: 'nav.competitions' },
    { to: paths.popups, label: 'nav.popups' },
    { to: paths.checkouts, label: 'nav.checkouts' },
    { to: paths.funnels, label: 'nav.funnels' },
    { to: paths.forms, label: 'nav.forms' },
    { to: paths.bookingSolutions, label: 'nav.bookingSolutions' },
    { to: paths.meetings, label: 'nav.meetings' },
    { to: paths.lifetimeValue, label: 'nav.lifetimeValue' },
    { to: paths.payments, label: 'nav.payments' },
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
    await queryClient.invalidateQueries({ queryKey: accountKeys.all });
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

/** The organization dashboard: navigation, organization switcher, help and sign-out around a screen. */
export function AppLayout() {
  const { t } = useTranslation();
  const hostKind = hostKindOf(currentHostname());

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        {t('skipToContent')}
      </a>
      <header className={styles.header}>
        <Link className={styles.brand} to={hostMarketplacePath(hostKind)}>
          {t('appName')}
        </Link>
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
      </header>
      <div className={styles.body}>
        <nav className={styles.nav} aria-label={t('mainNavigation')}>
          <ul>
            {navigation(hostMarketplacePath(hostKind)).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
