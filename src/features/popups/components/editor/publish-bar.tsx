import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { PublishPanel } from '@/components/publish-panel';
import type { PopupEditorData } from '../../api/get-popup';
import { usePausePopup, usePublishPopup } from '../../api/set-popup-state';
import type { PopupDraft } from '../../utils/popup-draft';
import { publishGaps } from '../../utils/validate-draft';

/**
 * Publishing in the shared panel, with what it needs as a checklist (the database refuses weights that
 * do not sum to 100 and a missing consent text, so those block here first), and pause / resume.
 */
export function PublishBar({
  data,
  draft,
  saved,
}: {
  data: PopupEditorData;
  draft: PopupDraft;
  /** Every change is written: publishing waits for the autosave. */
  saved: boolean;
}) {
  const { t } = useTranslation('popups-editor');
  const publish = usePublishPopup(data.id, data.organizationId);
  const pause = usePausePopup(data.id, data.organizationId);
  const gaps = publishGaps(draft, data.siteIds.length);
  const published = Boolean(data.publishedAt);
  const paused = data.status === 'paused';
  const blocked = gaps.weights
    ? t('publish.blockedWeights')
    : gaps.consent
      ? t('publish.blockedConsent')
      : !saved
        ? t('publish.blockedSaving')
        : null;

  return (
    <>
      <PublishPanel
        published={published}
        checks={[
          { done: !gaps.sites, label: t('publish.checkSites') },
          { done: !gaps.weights, label: t('publish.checkWeights') },
          { done: !gaps.consent, label: t('publish.checkConsent') },
          { done: !gaps.headings, label: t('publish.checkHeadings') },
        ]}
        blocked={blocked}
        pending={publish.isPending}
        error={publish.error}
        save={(publishedAt, done) => publish.mutate(publishedAt, { onSuccess: done })}
        texts={{
          checksTitle: t('publish.checksTitle'),
          publishedTitle: t('publish.publishedTitle'),
          publishedNote: t('publish.publishedNote'),
          publish: t('publish.publish'),
          unpublish: t('publish.unpublish'),
          unpublishConfirm: t('publish.unpublishConfirm'),
          published: t('publish.published'),
          unpublished: t('publish.unpublished'),
        }}
        dialog={{
          gaps: [
            ...(gaps.sites ? [t('publish.gapSites')] : []),
            ...(gaps.headings ? [t('publish.gapHeadings')] : []),
          ],
          texts: {
            title: t('publish.confirmTitle', { name: draft.name }),
            ready: t('publish.ready'),
            gapsIntro: t('publish.gapsIntro'),
            cancel: t('publish.cancel'),
            publish: t('publish.publish'),
            publishAnyway: t('publish.publishAnyway'),
            confirmAnyway: t('publish.confirmAnyway'),
            anywayNote: t('publish.anywayNote'),
          },
        }}
      />
      {published && gaps.weights ? <p role="alert">{t('publish.weightsHidden')}</p> : null}
      {published ? (
        <div className={layout.actions}>
          <Button
            variant="secondary"
            loading={pause.isPending}
            onClick={() =>
              pause.mutate(paused ? null : new Date().toISOString(), {
                onSuccess: () =>
                  notify({ message: paused ? t('publish.resumed') : t('publish.paused'), tone: 'success' }),
              })
            }
          >
            {paused ? t('publish.resume') : t('publish.pause')}
          </Button>
          {paused ? <p className={layout.muted}>{t('publish.pausedNote')}</p> : null}
          <FormStatus error={pause.error} />
        </div>
      ) : null}
    </>
  );
}
