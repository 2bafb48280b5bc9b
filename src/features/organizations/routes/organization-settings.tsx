import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormStatus } from '@/components/form-status';
import styles from '@/components/page.module.css';
import { Tabs } from '@/components/tabs';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { useSession } from '@/lib/session';
import { organizationDetailsQueryOptions } from '../api/get-organization-details';
import { BrandSection } from '../components/brand-section';
import { DetailsSection } from '../components/details-section';
import { LeaveSection } from '../components/leave-section';
import { MembersTab } from '../components/members-tab';

/**
 * /organization (organization-settings): the current organization. Every read is keyed by the
 * organization id, so switching organization in the layout shows the other one's data at once.
 */
export default function OrganizationSettingsPage() {
  const { t } = useTranslation('organizations');
  const userId = useSession()?.user.id ?? '';
  const membership = useCurrentOrganization();
  const organizationId = membership?.organizationId ?? '';
  const details = useQuery({
    ...organizationDetailsQueryOptions(organizationId),
    enabled: organizationId !== '',
  });

  if (!membership) {
    return (
      <div className={`${styles.page} ${styles.medium}`}>
        <h1>{t('title')}</h1>
        <p>{t('noOrganization')}</p>
      </div>
    );
  }

  const canManage = membership.role === 'owner' || membership.role === 'admin';
  const name = details.data?.name ?? membership.name;

  return (
    <div className={`${styles.page} ${styles.medium}`}>
      <h1>
        {t('title')}: {name}
      </h1>
      <FormStatus error={details.error} />
      <Tabs
        key={organizationId}
        label={t('tabsLabel')}
        items={[
          {
            value: 'details',
            label: t('details.tab'),
            content: details.data ? (
              <>
                <DetailsSection details={details.data} canEdit={canManage} />
                <BrandSection organizationId={organizationId} canEdit={canManage} />
              </>
            ) : null,
          },
          {
            value: 'members',
            label: t('members.tab'),
            content: (
              <MembersTab
                organizationId={organizationId}
                organizationName={name}
                userId={userId}
                canManage={canManage}
              />
            ),
          },
        ]}
      />
      <LeaveSection
        key={`leave-${organizationId}`}
        organizationId={organizationId}
        organizationName={name}
        userId={userId}
        isOwner={membership.role === 'owner'}
      />
    </div>
  );
}
