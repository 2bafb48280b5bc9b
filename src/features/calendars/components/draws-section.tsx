import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import { campaignDrawsQueryOptions, type CampaignDraw, type DrawWinner } from '@/lib/campaign/api/get-draws';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useKeepFocus } from '@/lib/use-keep-focus';
import { useCommitDraw } from '../api/commit-draw';
import { useDecideWinner } from '../api/decide-winner';
import { useDrawMoreWinners } from '../api/draw-more-winners';
import type { CalendarEditorData, EditorDoor } from '../api/get-calendar';
import { useRunDraw } from '../api/run-draw';
import { useUpdateCalendar } from '../api/update-calendar';
import styles from './calendars.module.css';

type DoorState = 'doorOpen' | 'doorClosed' | 'doorLocked';
const stateOf = (door: EditorDoor, now: number): DoorState =>
  Date.parse(door.closes_at) <= now
    ? 'doorClosed'
    : Date.parse(door.opens_at) <= now
      ? 'doorOpen'
      : 'doorLocked';

/** «Ola Nordmann (ola@…)», the member's view of a winner (the public sees first name and initial). */
const winnerName = (winner: DrawWinner) => {
  const participant = winner.participants;
  // No participant: the person has deleted their data; the draw keeps its record without them.
  if (!participant) return winner.participant_id?.slice(0, 8) ?? '–';
  return participant.name ? `${participant.name} (${participant.email})` : participant.email;
};

/**
 * Draws per door and for the grand prize: choose who can win, lock the list (commit), then draw (run);
 * the hash, the seed and the entry ids are shown for anyone to verify. Winners are approved, or rejected
 * (the next in the ranking is drawn), and more can be drawn.
 */
export function DrawsSection({ data }: { data: CalendarEditorData }) {
  const { t } = useTranslation('calendars');
  const { calendar } = data;
  const draws = useQuery(campaignDrawsQueryOptions(calendar.id));
  return (
    <div className={layout.form}>
      <p className={layout.muted}>{t('draws.intro')}</p>
      <AutoDrawForm data={data} />
      <NewDrawForm data={data} />
      <h3>{t('draws.winners')}</h3>
      <FormStatus error={draws.error} />
      {draws.data?.length === 0 ? <p>{t('draws.none')}</p> : null}
      {draws.data?.map((draw) => (
        <DrawCard key={draw.id} data={data} draw={draw} />
      ))}
    </div>
  );
}

/** The scheduled job draws each closed door (and the grand prize at the end); members still approve. */
function AutoDrawForm({ data }: { data: CalendarEditorData }) {
  const { t } = useTranslation('calendars');
  const { calendar } = data;
  const [autoDraw, setAutoDraw] = useState(calendar.auto_draw);
  const update = useUpdateCalendar(calendar.id, calendar.organization_id);
  const saveButton = useKeepFocus(update.isPending);
  return (
    <form
      className={styles.inline}
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { auto_draw: autoDraw },
          { onSuccess: () => notify({ message: t('editor.saved'), tone: 'success' }) },
        );
      }}
    >
      <label className={styles.checkbox}>
        <input type="checkbox" checked={autoDraw} onChange={(event) => setAutoDraw(event.target.checked)} />
        <span>
          {t('draws.autoDraw')}
          <br />
          <small className={layout.muted}>{t('draws.autoDrawHint')}</small>
        </span>
      </label>
      <Button ref={saveButton} type="submit" variant="secondary" size="sm" loading={update.isPending}>
        {t('draws.autoDrawSave')}
      </Button>
      <FormStatus error={update.error} />
    </form>
  );
}

function NewDrawForm({ data }: { data: CalendarEditorData }) {
  const { t } = useTranslation('calendars');
  const { calendar, doors, prizes } = data;
  // The doors' states as the form opened; a door closing meanwhile shows after the next visit.
  const [now] = useState(() => Date.now());
  const firstClosed = doors.find((door) => stateOf(door, now) === 'doorClosed');
  const [target, setTarget] = useState(firstClosed?.id ?? '');
  const [eligibility, setEligibility] = useState<'all' | 'correct'>('all');
  const [exclude, setExclude] = useState(true);
  const [count, setCount] = useState('1');
  const targetPrizes = prizes.filter((prize) => (prize.item_id ?? '') === target);
  const [prizeId, setPrizeId] = useState('');
  const prize = targetPrizes.find((item) => item.id === prizeId) ?? targetPrizes[0];
  const commit = useCommitDraw(calendar.id);
  const commitButton = useKeepFocus(commit.isPending);
  const [countError, setCountError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const winners = Number(count);
    if (!Number.isInteger(winners) || winners < 1 || winners > 100) {
      setCountError(t('errors.calendar-draw-count-invalid', { ns: 'calendar-errors' }));
      return;
    }
    setCountError(undefined);
    if (!prize) return;
    commit.mutate(
      {
        doorId: target || null,
        prizeId: prize.id,
        eligibility,
        excludePreviousWinners: exclude,
        winnersCount: winners,
      },
      {
        onSuccess: (draw) =>
          notify({ message: t('draws.committed', { count: draw.entry_ids.length }), tone: 'success' }),
      },
    );
  };

  return (
    <form className={styles.fieldset} onSubmit={submit} noValidate aria-labelledby="new-draw-title">
      <h3 id="new-draw-title">{t('draws.new')}</h3>
      <NativeSelect
        label={t('draws.target')}
        value={target}
        onChange={(event) => {
          setTarget(event.target.value);
          setPrizeId('');
        }}
        options={[
          { value: '', label: t('draws.grand') },
          ...doors.map((door) => {
            const state = stateOf(door, now);
            return {
              value: door.id,
              label: t('draws.doorOption', { day: door.day_number, state: t(`draws.${state}`) }),
              disabled: state !== 'doorClosed',
            };
          }),
        ]}
      />
      {targetPrizes.length > 0 ? (
        <NativeSelect
          label={t('draws.prize')}
          value={prize?.id ?? ''}
          onChange={(event) => setPrizeId(event.target.value)}
          options={targetPrizes.map((item) => ({ value: item.id, label: item.name }))}
        />
      ) : (
        <p className={styles.warning}>{t('draws.noPrize')}</p>
      )}
      <fieldset className={styles.fieldset}>
        <legend>{t('draws.eligibility')}</legend>
        {(['all', 'correct'] as const).map((value) => (
          <label key={value} className={styles.checkbox}>
            <input
              type="radio"
              name="draw-eligibility"
              checked={eligibility === value}
              onChange={() => setEligibility(value)}
            />
            {t(value === 'all' ? 'draws.eligibilityAll' : 'draws.eligibilityCorrect')}
          </label>
        ))}
      </fieldset>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={exclude} onChange={(event) => setExclude(event.target.checked)} />
        {t('draws.exclude')}
      </label>
      <Input
        label={t('draws.count')}
        inputMode="numeric"
        value={count}
        onChange={(event) => setCount(event.target.value)}
        error={countError}
      />
      <FormStatus error={commit.error} />
      <div className={layout.actions}>
        <Button ref={commitButton} type="submit" disabled={!prize} loading={commit.isPending}>
          {t('draws.commit')}
        </Button>
      </div>
    </form>
  );
}

/** Focus on a winner's status once it is decided (its buttons are gone), after React has drawn it. */
const focusStatus = (winnerId: string) =>
  requestAnimationFrame(() => document.getElementById(`winner-${winnerId}-status`)?.focus());

function DrawCard({ data, draw }: { data: CalendarEditorData; draw: CampaignDraw }) {
  const { t } = useTranslation('calendars');
  const { calendar } = data;
  const run = useRunDraw(calendar.id);
  const decide = useDecideWinner(calendar.id);
  const more = useDrawMoreWinners(calendar.id);
  const [moreCount, setMoreCount] = useState('1');
  // The winner being rejected, and why: a rejection is recorded with its reason.
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const door = data.doors.find((item) => item.id === draw.item_id);
  const prize = data.prizes.find((item) => item.id === draw.prize_id);
  const title = t('draws.drawFor', {
    target: door ? t('prizes.forDoor', { day: door.day_number }) : t('prizes.grand'),
    prize: prize?.name ?? '',
  });
  const headingId = `draw-${draw.id}`;
  const heading = useRef<HTMLHeadingElement>(null);
  // «Trekk vinner» gives way to the winners once the draw is read back: focus goes to the heading then.
  const drawnHere = useRef(false);
  const drawn = Boolean(draw.drawn_at);
  useEffect(() => {
    if (drawn && drawnHere.current) heading.current?.focus();
    drawnHere.current = false;
  }, [drawn]);
  const moreButton = useKeepFocus(more.isPending);

  const reject = (event: FormEvent, winner: DrawWinner) => {
    event.preventDefault();
    decide.mutate(
      { winnerId: winner.id, approve: false, reason: reason.trim() },
      {
        onSuccess: () => {
          setRejecting(null);
          setReason('');
          notify({ message: t('draws.rejected'), tone: 'success' });
          focusStatus(winner.id);
        },
      },
    );
  };

  return (
    <section className={layout.section} aria-labelledby={headingId}>
      <h4 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h4>
      <p className={layout.muted}>
        {draw.drawn_at
          ? t('draws.status.drawn', { when: formatDateTime(draw.drawn_at) })
          : t('draws.status.committed')}
        {' · '}
        {t('draws.entries', { count: draw.entry_ids.length, formatted: formatNumber(draw.entry_ids.length) })}
      </p>
      <dl className={layout.form}>
        <div>
          <dt>{t('draws.hash')}</dt>
          <dd className={styles.mono}>{draw.entries_sha256}</dd>
        </div>
        {draw.seed_hex ? (
          <div>
            <dt>{t('draws.seed')}</dt>
            <dd className={styles.mono}>{draw.seed_hex}</dd>
          </div>
        ) : null}
      </dl>
      <details className={styles.details}>
        <summary>{t('draws.entryIds')}</summary>
        <Textarea
          label={t('draws.entryIds')}
          hideLabel
          readOnly
          className={styles.mono}
          rows={Math.min(8, Math.max(2, draw.entry_ids.length))}
          value={draw.entry_ids.join('\n')}
        />
        <p className={layout.muted}>
          <strong>{t('draws.verify')}: </strong>
          {t('draws.verifyText')}
        </p>
      </details>
      {!draw.drawn_at ? (
        <div className={layout.actions}>
          <Button
            loading={run.isPending}
            onClick={() =>
              run.mutate(draw.id, {
                onSuccess: () => {
                  drawnHere.current = true;
                  notify({ message: t('draws.drawn'), tone: 'success' });
                },
              })
            }
          >
            {t('draws.run')}
          </Button>
        </div>
      ) : (
        <>
          <div className={styles.scroll}>
            <table>
              <caption className="visually-hidden">{t('draws.winners')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('draws.rank')}</th>
                  <th scope="col">{t('draws.who')}</th>
                  <th scope="col">{t('draws.state')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('list.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {draw.campaign_draw_winners.map((winner) => {
                  const who = winnerName(winner);
                  const status =
                    winner.status === 'approved' || winner.status === 'rejected' ? winner.status : 'pending';
                  return (
                    <tr key={winner.id}>
                      <td>{winner.rank}</td>
                      <td>{who}</td>
                      {/* The decision's buttons go once it is made: focus comes to the status it set. */}
                      <td id={`winner-${winner.id}-status`} tabIndex={-1}>
                        {t(`draws.winnerStatus.${status}`)}
                      </td>
                      <td>
                        {status === 'pending' && rejecting === winner.id ? (
                          <form className={styles.inline} onSubmit={(event) => reject(event, winner)}>
                            <Input
                              label={t('draws.rejectReason', { who })}
                              value={reason}
                              required
                              maxLength={500}
                              onChange={(event) => setReason(event.target.value)}
                            />
                            <Button type="submit" size="sm" variant="danger" loading={decide.isPending}>
                              {t('draws.reject')}
                            </Button>
                            <Button size="sm" variant="secondary" onClick={() => setRejecting(null)}>
                              {t('draws.rejectCancel')}
                            </Button>
                          </form>
                        ) : status === 'pending' ? (
                          <div className={styles.rowActions}>
                            <Button
                              size="sm"
                              aria-label={t('draws.approveLabel', { who })}
                              loading={decide.isPending && decide.variables.winnerId === winner.id}
                              onClick={() =>
                                decide.mutate(
                                  { winnerId: winner.id, approve: true },
                                  {
                                    onSuccess: () => {
                                      notify({ message: t('draws.approved'), tone: 'success' });
                                      focusStatus(winner.id);
                                    },
                                  },
                                )
                              }
                            >
                              {t('draws.approve')}
                            </Button>
                            <Button
                              size="sm"
                              variant="secondary"
                              aria-label={t('draws.rejectLabel', { who })}
                              onClick={() => {
                                setReason('');
                                setRejecting(winner.id);
                              }}
                            >
                              {t('draws.reject')}
                            </Button>
                          </div>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <form
            className={styles.inline}
            onSubmit={(event) => {
              event.preventDefault();
              more.mutate({ drawId: draw.id, count: Number(moreCount) || 1 });
            }}
          >
            <Input
              label={t('draws.moreCount')}
              inputMode="numeric"
              value={moreCount}
              onChange={(event) => setMoreCount(event.target.value)}
            />
            <Button ref={moreButton} type="submit" variant="secondary" loading={more.isPending}>
              {t('draws.more')}
            </Button>
          </form>
        </>
      )}
      <FormStatus error={run.error ?? decide.error ?? more.error} />
    </section>
  );
}
