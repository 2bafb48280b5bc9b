import { PageStatus } from '@/components/public/page-status';
import { ParticipationDeleted, ParticipationView } from '@/components/public/participation-view';
import { PublicPage } from '@/components/public/public-page';
import ui from '@/components/public/public-ui.module.css';
import { failureText, type Translate } from '@/lib/public/public-texts';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { useParticipation } from '@/lib/public/use-participation';

interface CampaignParticipationPageProps {
  /**
   * The area's texts, which hold `participation.titles.{page,fallback,invalidLink,deleted}` and
   * `participation.{heading,pageHeading,invalidLinkHeading,missingToken,loading}` in its own words.
   */
  t: Translate;
  /** The campaign's public page, for the way back («Til skjemaet»). */
  campaignHref: (campaignId: string) => string;
  /** The key of the way back's words. */
  backKey: string;
}

/**
 * `/<area>/participation?id=…&token=…`: the person's own page from the link in a campaign's e-mail —
 * everything the organization holds about them (the engine's view: export, withdraw, delete) under
 * the campaign's name. With `&unsubscribe=1` (a reminder's link) it asks before turning reminders off.
 */
export function CampaignParticipationPage({ t, campaignHref, backKey }: CampaignParticipationPageProps) {
  const search = new URLSearchParams(window.location.search);
  const campaignId = search.get('id');
  const person = useParticipation(search.get('token'), search.get('unsubscribe') === '1' ? campaignId : null);
  const { state, deleted } = person;
  const code = state.status === 'failed' ? state.code : null;
  const invalidLink = code === 'missing-token' || code === 'participant-not-found';
  const data = state.status === 'ready' ? state.data : null;
  const name = data?.campaigns.find((campaign) => campaign.campaign_id === campaignId)?.name ?? null;
  useDocumentTitle(
    deleted
      ? t('participation.titles.deleted')
      : invalidLink
        ? t('participation.titles.invalidLink')
        : name
          ? t('participation.titles.page', { name })
          : t('participation.titles.fallback'),
  );

  if (deleted)
    return (
      <PublicPage>
        <ParticipationDeleted organization={deleted.organization} />
      </PublicPage>
    );

  if (!data)
    return (
      <PublicPage>
        {code ? (
          <header className={ui.panel}>
            <h1 className={ui.title}>
              {invalidLink ? t('participation.invalidLinkHeading') : t('participation.pageHeading')}
            </h1>
          </header>
        ) : null}
        {code === 'missing-token' ? (
          <p className={ui.panel} role="alert">
            {t('participation.missingToken')}
          </p>
        ) : (
          <PageStatus
            status={code ? { code } : 'loading'}
            loadingText={t('participation.loading')}
            describe={(failed) => failureText(t, failed)}
            onRetry={person.reload}
          />
        )}
      </PublicPage>
    );

  return (
    <PublicPage>
      <header className={ui.panel}>
        <h1 className={ui.title}>
          {name ? t('participation.heading', { name }) : t('participation.pageHeading')}
        </h1>
        {name && campaignId ? (
          <p>
            <a className={ui.link} href={campaignHref(campaignId)}>
              {t(backKey)}
            </a>
          </p>
        ) : null}
      </header>
      <ParticipationView
        participation={data}
        notice={person.notice}
        noticeRef={person.noticeRef}
        onWithdrawMarketing={person.withdrawMarketing}
        onWithdrawReminders={person.withdrawReminders}
        onDelete={person.deleteAll}
      />
    </PublicPage>
  );
}
