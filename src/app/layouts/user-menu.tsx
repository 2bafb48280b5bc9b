import { useQuery } from '@tanstack/react-query';
import { Building2, LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Menu, MenuItem, MenuLabel, MenuLinkItem, MenuSeparator } from '@/components/menu';
import { profileQueryOptions } from '@/lib/account/api/get-profile';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { supabase } from '@/lib/supabase';
import styles from './layout.module.css';
import { initialsOf } from './shell-text';

/** The avatar in the header: the user's name and e-mail, «Min konto», the organization and «Logg ut». */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  const session = useSession();
  const userId = session?.user.id ?? '';
  const profile = useQuery({ ...profileQueryOptions(userId), enabled: userId !== '' }).data;
  const email = session?.user.email;

  return (
    <Menu
      label={t('accountMenu')}
      customTrigger={
        <button type="button" className={styles.avatarButton}>
          <span className={styles.avatar} aria-hidden="true">
            {initialsOf(profile?.name, email)}
          </span>
          <span className="visually-hidden">{t('accountMenu')}</span>
        </button>
      }
    >
      <MenuLabel>
        {profile?.name ? <span className={styles.userName}>{profile.name}</span> : null}
        <span className={styles.userEmail}>{email}</span>
      </MenuLabel>
      <MenuSeparator />
      <MenuLinkItem to={paths.profileSettings} icon={<UserRound />}>
        {t('myAccount')}
      </MenuLinkItem>
      <MenuLinkItem to={paths.organizationSettings} icon={<Building2 />}>
        {t('organization')}
      </MenuLinkItem>
      <MenuSeparator />
      <MenuItem icon={<LogOut />} onSelect={() => void supabase.auth.signOut({ scope: 'local' })}>
        {tCommon('signOut')}
      </MenuItem>
    </Menu>
  );
}
