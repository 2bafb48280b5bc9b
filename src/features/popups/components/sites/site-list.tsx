import { useQuery } from '@tanstack/react-query';
import { Copy, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { copyText } from '@/lib/copy-text';
import { formatNumber } from '@/lib/format';
import { popupSitesQueryOptions, useDeleteSite, type PopupSite } from '../../api/sites';
import { SiteDialog } from './site-dialog';
import styles from './sites.module.css';
import { snippetTag } from './snippet-tag';

/** A popup's choice of sites: ticked ones run it. */
export type SiteSelection = {
  checked: (siteId: string) => boolean;
  onToggle: (site: PopupSite, on: boolean) => void;
  busy: boolean;
};

/**
 * The organization's sites, each with its snippet tag to copy, to change or delete; «Registrer
 * nettsted» adds one. With `selection`, each site has a box that puts the popup on it.
 */
export function SiteList({
  organizationId,
  selection,
  onAdded,
}: {
  organizationId: string;
  selection?: SiteSelection;
  onAdded?: (site: PopupSite) => void;
}) {
  const { t } = useTranslation('popups');
  const sites = useQuery({ ...popupSitesQueryOptions(organizationId), enabled: organizationId !== '' });
  const remove = useDeleteSite(organizationId);
  // null: closed; 'new': registering; a site: changing it. The key starts the dialog afresh.
  const [editing, setEditing] = useState<PopupSite | 'new' | null>(null);
  const origin = window.location.origin;

  const onDelete = async (site: PopupSite) => {
    const sure = await confirm({
      title: t('sites.deleteConfirm', { domain: site.domain }),
      description: t('sites.deleteConfirmBody'),
      confirmLabel: t('sites.delete'),
      tone: 'danger',
    });
    if (!sure) return;
    remove.mutate(site.id, {
      onSuccess: () => notify({ message: t('sites.deleted', { domain: site.domain }), tone: 'success' }),
    });
  };

  const copy = (site: PopupSite) =>
    void copyText(snippetTag(origin, site.site_key), {
      done: t('sites.copied', { domain: site.domain }),
      failed: t('sites.copyFailed', { tag: snippetTag(origin, site.site_key) }),
    });

  return (
    <div className={layout.form}>
      <FormStatus error={sites.error ?? remove.error} />
      {sites.isPending && organizationId !== '' ? <SkeletonText lines={3} /> : null}
      {sites.data?.length === 0 ? <p className={layout.muted}>{t('sites.none')}</p> : null}
      {sites.data?.length ? (
        <ul className={styles.sites} aria-label={t('sites.listLabel')}>
          {sites.data.map((site) => {
            const codeId = `site-tag-${site.id}`;
            return (
              <li key={site.id} className={styles.site}>
                <div className={styles.siteHeader}>
                  {selection ? (
                    <label className={styles.checkbox}>
                      <input
                        type="checkbox"
                        checked={selection.checked(site.id)}
                        disabled={selection.busy}
                        onChange={(event) => selection.onToggle(site, event.target.checked)}
                      />
                      <span>{t('sites.showOn', { domain: site.domain })}</span>
                    </label>
                  ) : (
                    <h3 className={styles.domain}>{site.domain}</h3>
                  )}
                  <div className={layout.actions}>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setEditing(site)}
                      aria-label={t('sites.editLabel', { domain: site.domain })}
                    >
                      <Pencil aria-hidden /> {t('sites.edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => void onDelete(site)}
                      aria-label={t('sites.deleteLabel', { domain: site.domain })}
                    >
                      <Trash2 aria-hidden /> {t('sites.delete')}
                    </Button>
                  </div>
                </div>
                <p className={layout.muted}>
                  {[
                    site.include_subdomains ? t('sites.withSubdomains') : t('sites.withoutSubdomains'),
                    t('sites.caps', {
                      session: formatNumber(site.max_per_session),
                      day: formatNumber(site.max_per_day),
                    }),
                  ].join(' · ')}
                </p>
                <code className={styles.code} id={codeId}>
                  {snippetTag(origin, site.site_key)}
                </code>
                <div className={layout.actions}>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => copy(site)}
                    aria-describedby={codeId}
                    aria-label={t('sites.copyLabel', { domain: site.domain })}
                  >
                    <Copy aria-hidden /> {t('sites.copy')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className={layout.actions}>
        <Button variant="secondary" onClick={() => setEditing('new')}>
          <Plus aria-hidden /> {t('sites.add')}
        </Button>
      </div>
      {editing ? (
        <SiteDialog
          key={editing === 'new' ? 'new' : editing.id}
          organizationId={organizationId}
          site={editing === 'new' ? null : editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={(site) => {
            notify({ message: t('sites.saved', { domain: site.domain }), tone: 'success' });
            if (editing === 'new') onAdded?.(site);
          }}
        />
      ) : null}
    </div>
  );
}
