import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { PageStatus } from '@/components/public/page-status';
import { PublicPage } from '@/components/public/public-page';
import ui from '@/components/public/public-ui.module.css';
import { currentHostname, hostKindOf } from '@/lib/host';
import { osloDate, osloDay, osloLongDate, osloTime } from '@/lib/public/oslo-time';
import { failureText } from '@/lib/public/public-texts';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { usePublicLoad } from '@/lib/public/use-public-load';
import {
  actOnMember,
  deleteProgress,
  leaveTeam,
  logProgress,
  renewInviteCode,
  updateTeam,
  uploadProgressPhoto,
} from '../api/participation-api';
import { getPublicCompetition, type PublicCompetition } from '../api/public-competition';
import { ConfirmButton } from '../components/participation/confirm-button';
import { LogProgressForm } from '../components/participation/log-progress-form';
import { MyEntries } from '../components/participation/my-entries';
import { MyTeam } from '../components/participation/my-team';
import { useMeTexts } from '../components/participation/participation-texts';
import { useCompetitionMe } from '../components/participation/use-competition-me';
import { formatNumber } from '../components/public/competition-texts';
import { FillBar } from '../components/public/fill-bar';
import { competitionPaths } from '../utils/competition-paths';

// The engine's part loads when asked for: see person-part.tsx.
const PersonPart = lazy(() => import('../components/participation/person-part'));
// Only captains use their tools: the rest never load them.
const CaptainTools = lazy(() =>
  import('../components/participation/captain-tools').then((tools) => ({ default: tools.CaptainTools })),
);

/**
 * `/fyllopp/participation?id=…&token=…`: a participant's own page from the link in their e-mail. The
 * competition on top — their team, the shared fill-up bar, logging progress within the limits, their
 * entries, leaving, and a captain's tools — and below it the engine's page of everything the
 * organization holds about them (export, withdraw consent, delete). Every write goes through the
 * token functions; after each the page reads again and says what happened.
 */
export default function CompetitionParticipationPage() {
  const { t, language } = useMeTexts();
  const search = window.location.search;
  const params = new URLSearchParams(search);
  const token = params.get('token');
  const competitionId = params.get('id');
  const paths = competitionPaths(hostKindOf(currentHostname()), search);
  const [personShown, setPersonShown] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const markDeleted = useCallback(() => setDeleted(true), []);
  const personHeading = useRef<HTMLHeadingElement>(null);
  const me = useCompetitionMe(token, competitionId);
  // The public read adds what the token read lacks (the freeze, the milestones); the page works without it.
  const { state: publicState } = usePublicLoad<PublicCompetition | null>(
    (signal) =>
      competitionId ? getPublicCompetition(competitionId, signal).catch(() => null) : Promise.resolve(null),
    competitionId ?? '',
  );
  const shared = publicState.status === 'ready' ? publicState.data : null;
  const teamHeading = useRef<HTMLHeadingElement>(null);
  const entriesHeading = useRef<HTMLHeadingElement>(null);
  const noTeamHeading = useRef<HTMLHeadingElement>(null);
  const amountField = useRef<HTMLInputElement>(null);

  const failed = me.state.status === 'failed' ? me.state.code : null;
  const invalidLink = failed === 'missing-token' || failed === 'participant-not-found';
  const data = me.state.status === 'ready' ? me.state.data : null;
  const name = data?.competition.name ?? null;
  useDocumentTitle(
    deleted
      ? t('me.titles.deleted')
      : invalidLink
        ? t('me.titles.invalidLink')
        : name
          ? t('me.titles.page', { name })
          : t('me.titles.fallback'),
  );

  if (!data || !competitionId || !token)
    return (
      <PublicPage>
        {failed ? (
          <header className={ui.panel}>
            <h1 className={ui.title}>{invalidLink ? t('me.invalidLinkHeading') : t('me.pageHeading')}</h1>
          </header>
        ) : null}
        {failed === 'missing-token' ? (
          <p className={ui.panel} role="alert">
            {t('me.missingToken')}
          </p>
        ) : (
          <PageStatus
            status={failed ? { code: failed } : 'loading'}
            loadingText={t('me.loading')}
            describe={(code) => failureText(t, code)}
            onRetry={me.reload}
          />
        )}
      </PublicPage>
    );

  const { competition, membership, team } = data;
  const now = Date.parse(competition.now);
  const today = osloDay(competition.now);
  const started = now >= Date.parse(competition.starts_at);
  const ended = now >= Date.parse(competition.ends_at);
  const locked = now >= Date.parse(competition.lock_at);
  const active = membership?.status === 'active' && team !== null;
  const amount = (value: number) =>
    t('amount', { amount: formatNumber(value, language), unit: competition.unit });
  const day = (key: string) => osloLongDate(`${key}T12:00:00Z`, language);
  const lockWhen = t('when', {
    date: osloDate(competition.lock_at, language),
    time: osloTime(competition.lock_at, language),
  });
  const run = me.run;

  return (
    <PublicPage>
      {deleted ? null : (
        <>
          <header className={ui.panel}>
            <h1 className={ui.title}>{t('me.heading', { name: competition.name })}</h1>
            <p>{t('me.period', { from: day(competition.starts_on), to: day(competition.ends_on) })}</p>
            <FillBar
              percent={competition.percent}
              label={t('fill.label', { goal: amount(competition.goal) })}
              valueText={t('fill.value', {
                total: amount(competition.total),
                goal: amount(competition.goal),
                percent: formatNumber(competition.percent, language),
              })}
              milestones={shared?.milestones}
            />
            {shared?.frozen ? <p>{t('me.frozen')}</p> : null}
            {!started ? <p>{t('me.notStarted', { date: day(competition.starts_on) })}</p> : null}
            {ended ? <p>{t('me.ended')}</p> : null}
            <p>
              <a className={ui.link} href={paths.intro(competitionId)}>
                {t('me.toCompetition')}
              </a>
            </p>
          </header>

          <p
            role="status"
            className={me.notice ? `${ui.panel} ${me.notice.error ? ui.error : ''}` : undefined}
          >
            {me.notice?.text ?? ''}
          </p>

          {membership === null ? (
            <section className={ui.panel} aria-labelledby="me-no-team">
              <h2 id="me-no-team" className={ui.heading} ref={noTeamHeading} tabIndex={-1}>
                {t('me.noTeam.heading')}
              </h2>
              {locked || ended ? (
                <p>{t('me.noTeam.locked')}</p>
              ) : (
                <>
                  <p>{t('me.noTeam.body')}</p>
                  <p>
                    <a className={ui.button} href={paths.groups(competitionId)}>
                      {t('me.noTeam.link')}
                    </a>
                  </p>
                </>
              )}
            </section>
          ) : null}

          {membership?.status === 'pending' && team ? (
            <section className={ui.panel} aria-labelledby="me-pending">
              <h2 id="me-pending" className={ui.heading}>
                {team.name}
              </h2>
              <p>{t('me.team.pending', { team: team.name })}</p>
              <ConfirmButton
                label={t('me.team.withdraw')}
                question={t('me.team.pending', { team: team.name })}
                yes={t('me.team.withdraw')}
                cancel={t('me.leave.cancel')}
                busy={false}
                tone="secondary"
                onConfirm={() =>
                  run(leaveTeam, t('me.team.withdrawn', { team: team.name }), () => noTeamHeading.current)
                }
              />
            </section>
          ) : null}

          {active && team ? (
            <MyTeam
              data={data}
              team={team}
              teamHref={paths.team(competitionId, team.team_id)}
              headingRef={teamHeading}
            />
          ) : null}

          {active && started && !ended ? (
            <section className={ui.panel} aria-labelledby="me-log">
              <h2 id="me-log" className={ui.heading}>
                {t('me.log.heading')}
              </h2>
              <LogProgressForm
                competition={competition}
                entries={data.entries}
                today={today}
                amountRef={amountField}
                onUploadPhoto={(photo) => uploadProgressPhoto(token ?? '', competitionId ?? '', photo)}
                onLog={(entry) =>
                  run(
                    (key, id) => logProgress(key, id, entry),
                    t('me.log.logged', {
                      amount: t('amount', {
                        amount: formatNumber(entry.amount, language, 3),
                        unit: competition.unit,
                      }),
                      date: day(entry.onDate),
                    }),
                    () => amountField.current,
                  )
                }
              />
            </section>
          ) : null}

          {active && team && membership?.role === 'captain' ? (
            <Suspense fallback={null}>
              <CaptainTools
                key={`${team.invite_only}`}
                team={team}
                ownMemberId={membership.member_id}
                inviteUrl={
                  team.invite_code
                    ? `${window.location.origin}${paths.team(competitionId, team.team_id, team.invite_code)}`
                    : null
                }
                onMember={(memberId, action, done) =>
                  run(
                    (key, id) => actOnMember(key, id, memberId, action),
                    done,
                    () => teamHeading.current,
                  )
                }
                onSettings={(settings, done) => run((key, id) => updateTeam(key, id, settings), done)}
                onRenew={(done) => run(renewInviteCode, done)}
              />
            </Suspense>
          ) : null}

          {data.entries.length > 0 || active ? (
            <MyEntries
              entries={data.entries}
              unit={competition.unit}
              teamId={team?.team_id ?? null}
              canDelete={started && !ended}
              headingRef={entriesHeading}
              onDelete={(entry, entryAmount, date) =>
                run(
                  (key) => deleteProgress(key, entry.id),
                  t('me.entries.deleted', { amount: entryAmount, date }),
                  () => entriesHeading.current,
                )
              }
            />
          ) : null}

          {active && team ? (
            <section className={ui.panel} aria-labelledby="me-leave">
              <h2 id="me-leave" className={ui.heading}>
                {t('me.leave.heading')}
              </h2>
              {locked ? (
                <p>{t('me.leave.locked', { when: lockWhen })}</p>
              ) : (
                <>
                  <p>{t('me.leave.body', { when: lockWhen })}</p>
                  <ConfirmButton
                    label={t('me.leave.button', { team: team.name })}
                    question={t('me.leave.confirm', { team: team.name })}
                    yes={t('me.leave.yes')}
                    cancel={t('me.leave.cancel')}
                    busy={false}
                    onConfirm={() =>
                      run(leaveTeam, t('me.leave.left', { team: team.name }), () => noTeamHeading.current)
                    }
                  />
                </>
              )}
            </section>
          ) : null}
        </>
      )}
      <div>
        {deleted ? null : (
          <section className={ui.panel} aria-labelledby="me-person">
            <h2 id="me-person" className={ui.heading} ref={personHeading} tabIndex={-1}>
              {t('me.person.heading')}
            </h2>
            <p>{t('me.person.body')}</p>
            {personShown ? null : (
              <button
                type="button"
                className={`${ui.button} ${ui.secondary}`}
                onClick={() => {
                  setPersonShown(true);
                  requestAnimationFrame(() => personHeading.current?.focus());
                }}
              >
                {t('me.person.show')}
              </button>
            )}
          </section>
        )}
        {personShown ? (
          <Suspense fallback={<p className={ui.panel}>{t('me.loading')}</p>}>
            <PersonPart token={token} onDeleted={markDeleted} />
          </Suspense>
        ) : null}
      </div>
    </PublicPage>
  );
}
