import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import { useSetPopupSite, type PopupSite } from '../../api/sites';
import { SiteList } from './site-list';
import { SnippetHowTo } from './snippet-howto';

/**
 * The editor's «Nettsteder» section: which of the organization's sites the popup runs on (ticked
 * boxes), the sites themselves (register, change, delete) with the snippet tag to paste, and how.
 * A popup on no site shows nowhere, and the section says so.
 */
export function SitesSection({
  popupId,
  organizationId,
  siteIds,
}: {
  popupId: string;
  organizationId: string;
  siteIds: string[];
}) {
  const { t } = useTranslation('popups');
  const setSite = useSetPopupSite(organizationId, popupId);
  // What the member ticked, ahead of the popup's data that follows each write.
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set(siteIds));

  const toggle = (site: PopupSite, on: boolean) => {
    const before = ticked;
    const next = new Set(ticked);
    if (on) next.add(site.id);
    else next.delete(site.id);
    setTicked(next);
    setSite.mutate({ siteId: site.id, on }, { onError: () => setTicked(before) });
  };

  return (
    <div className={layout.form}>
      <p className={layout.muted}>{t('sites.sectionIntro')}</p>
      {ticked.size === 0 ? <FormStatus tone="info">{t('sites.noneTicked')}</FormStatus> : null}
      <FormStatus error={setSite.error} />
      <SiteList
        organizationId={organizationId}
        selection={{ checked: (id) => ticked.has(id), onToggle: toggle, busy: setSite.isPending }}
        // A site registered from here is one the member means this popup to run on.
        onAdded={(site) => toggle(site, true)}
      />
      <SnippetHowTo />
    </div>
  );
}
