import { PageStatus } from '@/components/public/page-status';
import { ParticipationDeleted, ParticipationView } from '@/components/public/participation-view';
import { PublicPage } from '@/components/public/public-page';
import ui from '@/components/public/public-ui.module.css';
import { failureText } from '@/lib/public/public-texts';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { useParticipation } from '@/lib/public/use-participation';
import { useFormParticipationTexts } from '../components/participation/participation-texts';

/**
 * `/skjema/participation?id=…&token=…`: the respondent's own page from the link in the form's
 * confirmation e-mail — everything the organization holds about them (their answers to every form,
 * their other campaigns, consents; export, withdraw, delete: the engine's view), under the form's name.
 */
export default function FormParticipationPage() {
  const { t } = useFormParticipationTexts();
  const search = new URLSearchParams(window.location.search);
  const formId = search.get('id');
  const person = useParticipation(search.get('token'));
  const { state, deleted } = person;
  const code = state.status === 'failed' ? state.code : null;
  const invalidLink = code === 'missing-token' || code === 'participant-not-found';
  const data = state.status === 'ready' ? state.data : null;
  const name = data?.campaigns.find((campaign) => campaign.campaign_id === formId)?.name ?? null;
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
        {name && formId ? (
          <p>
            <a className={ui.link} href={`/skjema/${encodeURIComponent(formId)}`}>
              {t('participation.toForm')}
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
