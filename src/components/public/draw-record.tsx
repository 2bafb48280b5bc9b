import { useId, useState } from 'react';
import { checkDraw, type DrawCheck, type PublishedDraw } from '@/lib/public/draw-check';
import { osloMoment } from '@/lib/public/oslo-time';
import { sharedPublicTexts, type Translate, usePublicTexts } from '@/lib/public/public-texts';
import styles from './public-ui.module.css';

export type RecordedWinner = {
  rank: number;
  entryId: string | null;
  status: 'pending' | 'approved' | 'rejected';
  addedAs: 'draw' | 'replacement' | 'more';
  reason: string | null;
};

/** A draw as a campaign publishes it: the list, its hash and the seed with their times, the winners. */
export type RecordedDraw = Omit<PublishedDraw, 'winners'> & {
  committedAt: string;
  drawnAt: string | null;
  eligibility: 'all' | 'correct';
  excludePreviousWinners: boolean;
  winners: readonly RecordedWinner[];
};

type DrawRecordProps = {
  /** What was drawn, in the area's words («Luke 1: Termokopp»). */
  title: string;
  draw: RecordedDraw;
  /** The `draws` texts in the page's language (src/lib/public/draw-texts.ts). */
  t: Translate;
};

/**
 * One draw, shown so that anyone can redo it: the committed list (folded) with its hash and time, the
 * seed with its time, every winner by rank with how they were added and decided, and a button that
 * recomputes hash and ranking in the browser (src/lib/public/draw-check.ts).
 */
export function DrawRecord({ title, draw, t }: DrawRecordProps) {
  const { language } = usePublicTexts(sharedPublicTexts);
  const headingId = useId();
  const [check, setCheck] = useState<DrawCheck | 'checking' | 'unavailable' | null>(null);
  const moment = (at: string) => <time dateTime={at}>{osloMoment(at, language)}</time>;
  const who = t(`draws.eligibility.${draw.eligibility}`);

  const run = async () => {
    setCheck('checking');
    try {
      setCheck(await checkDraw(draw));
    } catch {
      // crypto.subtle exists only in secure contexts (https, localhost).
      setCheck('unavailable');
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('draws.who')}</dt>
          <dd>{draw.excludePreviousWinners ? t('draws.withoutEarlierWinners', { who }) : who}</dd>
        </div>
        <div>
          <dt>{t('draws.committedAt')}</dt>
          <dd>{moment(draw.committedAt)}</dd>
        </div>
        <div>
          <dt>{t('draws.hash')}</dt>
          <dd className={styles.mono}>{draw.entriesSha256}</dd>
        </div>
        {draw.seedHex && draw.drawnAt ? (
          <>
            <div>
              <dt>{t('draws.drawnAt')}</dt>
              <dd>{moment(draw.drawnAt)}</dd>
            </div>
            <div>
              <dt>{t('draws.seed')}</dt>
              <dd className={styles.mono}>{draw.seedHex}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {draw.seedHex ? null : <p>{t('draws.notDrawn')}</p>}
      <details>
        <summary className={styles.summary}>{t('draws.entries', { count: draw.entryIds.length })}</summary>
        <ol className={`${styles.list} ${styles.mono}`}>
          {draw.entryIds.map((id) => (
            <li key={id}>{id}</li>
          ))}
        </ol>
      </details>
      <h3 className={styles.subheading}>{t('draws.winners')}</h3>
      {draw.winners.length > 0 ? (
        <ol className={styles.plain}>
          {draw.winners.map((winner) => (
            <li key={`${winner.rank}-${winner.entryId ?? ''}`} className={styles.winner}>
              <strong>{t('draws.rank', { rank: winner.rank })}</strong>:{' '}
              <span className={styles.mono}>{winner.entryId ?? t('draws.erased')}</span>
              <br />
              {t(`draws.addedAs.${winner.addedAs}`)}, {t(`draws.status.${winner.status}`)}
              {winner.status === 'rejected' && winner.reason ? (
                <> · {t('draws.reason', { reason: winner.reason })}</>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p>{t('draws.noWinners')}</p>
      )}
      <div className={`${styles.actions} ${styles.spaced}`}>
        <button
          type="button"
          className={styles.button}
          disabled={check === 'checking'}
          aria-describedby={headingId}
          onClick={() => void run()}
        >
          {check === 'checking' ? t('draws.checking') : t('draws.check')}
        </button>
      </div>
      <div role="status" className={styles.result}>
        {check === 'unavailable' ? <p>{t('draws.result.unavailable')}</p> : null}
        {check && typeof check === 'object' ? <CheckResult check={check} draw={draw} t={t} /> : null}
      </div>
    </section>
  );
}

/** What was checked and how it came out, each mismatch in words. */
function CheckResult({ check, draw, t }: { check: DrawCheck; draw: RecordedDraw; t: Translate }) {
  const { commitment, ranking } = check;
  const matches = commitment.matches && (ranking?.matches ?? true);
  const lines: string[] = [
    commitment.matches
      ? t('draws.result.commitment', { count: commitment.count, hash: commitment.computed })
      : t('draws.result.commitmentDiffers', { computed: commitment.computed, hash: draw.entriesSha256 }),
  ];
  if (!ranking) lines.push(t('draws.result.notDrawn'));
  else {
    if (ranking.checked > 0 && ranking.matches)
      lines.push(t('draws.result.ranking', { count: ranking.checked + ranking.erased.length }));
    for (const { rank, listed, computed } of ranking.mismatches)
      lines.push(
        computed === null
          ? t('draws.result.rankPastList', { rank, listed: listed ?? '–', count: commitment.count })
          : listed === computed
            ? t('draws.result.rankTwice', { rank })
            : t('draws.result.rankDiffers', { rank, listed: listed ?? '–', computed }),
      );
    if (ranking.skipped.length > 0)
      lines.push(t('draws.result.skipped', { ranks: ranking.skipped.join(', ') }));
    if (ranking.erased.length > 0) lines.push(t('draws.result.erased', { ranks: ranking.erased.join(', ') }));
  }
  return (
    <>
      <p className={matches ? styles.matches : styles.differs}>
        <strong>{matches ? t('draws.result.matches') : t('draws.result.differs')}</strong>
      </p>
      <ul className={styles.list}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}
