import { Menu as MenuIcon, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { IconButton } from '@/components/button';
import { Logo } from '@/components/logo';
import { AssistantButton } from '@/features/assistant/components/assistant-button';
import { currentHostname, hostKindOf, type HostKind } from '@/lib/host';
import { paths } from '@/lib/paths';
import styles from './layout.module.css';
import { MainNavigation } from './main-navigation';
import { OrganizationSwitcher } from './organization-switcher';
import '@/lib/shell-texts';
import { focusPageHeading, useRouteFocus } from './use-route-focus';
import { useSidebarCollapsed } from './use-sidebar-collapsed';
import { UserMenu } from './user-menu';

/**
 * The phone drawer (below 64rem): a modal dialog with the organization switcher and the navigation.
 * Escape closes it and gives the focus back to the menu button; choosing a link closes it and the
 * focus goes to the new page's heading. It is open only on the page where it was opened, so any
 * navigation (the back button too) closes it.
 */
function Drawer({ hostKind }: { hostKind: HostKind }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const navigated = useRef(false);
  const open = openOn === pathname;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        navigated.current = false;
        setOpenOn(next ? pathname : null);
      }}
    >
      <Dialog.Trigger asChild>
        <IconButton className={styles.menuButton} label={t('menu')} icon={<MenuIcon aria-hidden="true" />} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.drawerOverlay} />
        <Dialog.Content
          className={styles.drawer}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // Closed by a link: the page's heading takes the focus, not the menu button. (Leaving the
            // page otherwise, e.g. with Back, moves the focus to the new heading in useRouteFocus.)
            if (navigated.current) {
              event.preventDefault();
              focusPageHeading();
            }
          }}
        >
          <div className={styles.drawerHeader}>
            <Dialog.Title className={styles.brand}>{t('menu')}</Dialog.Title>
            <Dialog.Close asChild>
              <IconButton label={t('closeMenu')} icon={<X aria-hidden="true" />} />
            </Dialog.Close>
          </div>
          <div className={styles.drawerSwitcher}>
            <OrganizationSwitcher />
          </div>
          <MainNavigation
            hostKind={hostKind}
            onNavigate={() => {
              navigated.current = true;
              setOpenOn(null);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The organization dashboard: a header (brand, organization switcher, help, user menu), the grouped
 * side bar (collapsible to icons on desktop, a drawer on phones) and the screen (docs/layout.md).
 */
export function AppLayout() {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  const hostKind = hostKindOf(currentHostname());
  const sidebar = useSidebarCollapsed();
  const announcement = useRouteFocus();

  return (
    <div className={styles.appShell} data-collapsed={sidebar.collapsed}>
      <a className={styles.skipLink} href="#main">
        {tCommon('skipToContent')}
      </a>
      <header className={styles.header}>
        <Drawer hostKind={hostKind} />
        <Link className={styles.brand} to={paths.home}>
          <Logo />
        </Link>
        <div className={styles.tools}>
          <div className={styles.headerSwitcher}>
            <OrganizationSwitcher />
          </div>
          <AssistantButton />
          <UserMenu />
        </div>
      </header>
      <aside className={styles.sidebar}>
        <MainNavigation hostKind={hostKind} />
        <IconButton
          className={styles.collapseButton}
          label={sidebar.collapsed ? t('expandSidebar') : t('collapseSidebar')}
          icon={
            sidebar.collapsed ? <PanelLeftOpen aria-hidden="true" /> : <PanelLeftClose aria-hidden="true" />
          }
          onClick={sidebar.toggle}
        />
      </aside>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {announcement}
        </p>
      </main>
    </div>
  );
}
