import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { osloLongDate, osloTime } from '@/lib/public/oslo-time';
import type { ParticipationCampaign, PersonParticipation } from '@/lib/public/participation-api';
import { answersText, itemName, kindName, useParticipationTexts } from '@/lib/public/participation-texts';
import type { PublicLanguage, Translate } from '@/lib/public/public-texts';
import type { ParticipationNotice } from '@/lib/public/use-participation';
import { BookingEntry } from './participation-booking';
import styles from './public-ui.module.css';

type ParticipationViewProps = {
  participation: PersonParticipation;
  notice: ParticipationNotice | null;
  noticeRef?: Ref<HTMLParagraphElement>;
  onWithdrawMarketing: () => Promise<void>;
  onWithdrawReminders: (campaignId: string) => Promise<void>;
  onDelete: () => Promise<void>;
};

/**
 * Everything an organization holds about a person, from their participation link: their details and
 * lead, every campaign with its entries and each consent's exact text and times, and what they can do
 * about it — download it all (JSON, CSV), withdraw marketing or a campaign's reminders, delete it all.
 * The page around it gives the campaign's own context and the `<h1>`.
 */
export function ParticipationView(props: ParticipationViewProps) {
  const { participation, notice, noticeRef } = props;
  const { t, language } = useParticipationTexts();
  const [busy, setBusy] = useState(false);
  const organization = participation.organization_name;
  const when = (moment: string) =>
    t('when', { date: osloLongDate(moment, language), time: osloTime(moment, language) });
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  // The export's code loads when asked for: most visits never download.
  const download = (extension: 'json' | 'csv') =>
    void import('@/lib/public/participation-export').then((files) =>
      files.downloadParticipation(participation, t, extension),
    );
  const lead = participation.lead;
  const marketingGiven = participation.campaigns.some((campaign) => campaign.marketing_consent);

  return (
    <>
      <p
        ref={noticeRef}
        tabIndex={-1}
        role={notice?.error ? 'alert' : 'status'}
        className={notice ? `${styles.panel} ${notice.error ? styles.error : ''}` : undefined}
      >
        {notice?.text ?? ''}
      </p>
      <section className={styles.panel} aria-labelledby="participation-details">
        <h2 id="participation-details" className={styles.heading}>
          {t('participation.details', { organization })}
        </h2>
        <dl>
          <dt className={styles.label}>{t('participation.email')}</dt>
          <dd>{participation.email}</dd>
          <dt className={styles.label}>{t('participation.name')}</dt>
          <dd>{participation.name ?? t('participation.none')}</dd>
          <dt className={styles.label}>{t('participation.phone')}</dt>
          <dd>{participation.phone ?? t('participation.none')}</dd>
          {lead ? (
            <>
              <dt className={styles.label}>{t('participation.source')}</dt>
              <dd>
                {t.has(`participation.sources.${lead.source}`)
                  ? t(`participation.sources.${lead.source}`)
                  : lead.source}
              </dd>
              <dt className={styles.label}>{t('participation.since')}</dt>
              <dd>{when(lead.created_at)}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className={styles.panel} aria-labelledby="participation-marketing">
        <h2 id="participation-marketing" className={styles.heading}>
          {t('participation.marketing')}
        </h2>
        {lead?.marketing_withdrawn_at ? (
          <p>
            {t('participation.marketingWithdrawnAt', {
              organization,
              when: when(lead.marketing_withdrawn_at),
            })}
          </p>
        ) : (
          <>
            <p>
              {t(marketingGiven ? 'participation.marketingGiven' : 'participation.marketingNone', {
                organization,
              })}
            </p>
            {marketingGiven ? (
              <button
                type="button"
                className={`${styles.button} ${styles.secondary}`}
                disabled={busy}
                onClick={() => void run(props.onWithdrawMarketing)}
              >
                {t('participation.withdrawMarketing')}
              </button>
            ) : null}
          </>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="participation-campaigns">
        <h2 id="participation-campaigns" className={styles.heading}>
          {t('participation.campaigns')}
        </h2>
        {participation.campaigns.length === 0 ? <p>{t('participation.noCampaigns')}</p> : null}
        {participation.campaigns.map((campaign) => (
          <CampaignPart
            key={campaign.campaign_id}
            campaign={campaign}
            t={t}
            language={language}
            when={when}
            busy={busy}
            onWithdrawReminders={() => run(() => props.onWithdrawReminders(campaign.campaign_id))}
          />
        ))}
      </section>
      <section className={styles.panel} aria-labelledby="participation-download">
        <h2 id="participation-download" className={styles.heading}>
          {t('participation.download')}
        </h2>
        <p>{t('participation.downloadIntro')}</p>
        <div className={styles.actions}>
          <button
            type="button"
            className={`${styles.button} ${styles.secondary}`}
            onClick={() => download('json')}
          >
            {t('participation.downloadJson')}
          </button>
          <button
            type="button"
            className={`${styles.button} ${styles.secondary}`}
            onClick={() => download('csv')}
          >
            {t('participation.downloadCsv')}
          </button>
        </div>
      </section>
      <DeleteAll organization={organization} t={t} busy={busy} onDelete={() => run(props.onDelete)} />
    </>
  );
}

type CampaignPartProps = {
  campaign: ParticipationCampaign;
  t: Translate;
  language: PublicLanguage;
  when: (moment: string) => string;
  busy: boolean;
  onWithdrawReminders: () => Promise<void>;
};

function CampaignPart({ campaign, t, language, when, busy, onWithdrawReminders }: CampaignPartProps) {
  const id = useId();
  // A booking solution's entries are bookings: their own words, each its own part.
  const bookings = campaign.kind === 'booking';
  return (
    <article className={styles.part} aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`} className={styles.subheading}>
        {campaign.name}
      </h3>
      <dl>
        <dt className={styles.label}>{t('participation.kind')}</dt>
        <dd>{kindName(t, campaign.kind)}</dd>
        <dt className={styles.label}>{t('participation.joined')}</dt>
        <dd>{when(campaign.joined_at)}</dd>
        <dt className={styles.label}>{t('participation.reminders')}</dt>
        <dd>{campaign.reminders_opt_in ? t('participation.on') : t('participation.off')}</dd>
      </dl>
      {campaign.reminders_opt_in ? (
        <button
          type="button"
          className={`${styles.button} ${styles.secondary}`}
          disabled={busy}
          onClick={() => void onWithdrawReminders()}
        >
          {t('participation.withdrawReminders', { name: campaign.name })}
        </button>
      ) : null}
      <h4 className={styles.label}>
        {t(bookings ? 'participation.booking.heading' : 'participation.entries')}
      </h4>
      {campaign.entries.length === 0 ? (
        <p>{t(bookings ? 'participation.booking.none' : 'participation.noEntries')}</p>
      ) : bookings ? (
        campaign.entries.map((entry) =>
          entry.booking ? (
            <BookingEntry
              key={entry.created_at}
              entry={{ ...entry, booking: entry.booking }}
              t={t}
              language={language}
              when={when}
            />
          ) : null,
        )
      ) : (
        <ul className={styles.list}>
          {campaign.entries.map((entry) => (
            <li key={`${entry.item ?? ''}-${entry.created_at}`}>
              {entry.item === null ? null : <strong>{itemName(t, campaign.kind, entry.item)}</strong>} (
              {when(entry.created_at)})
              {entry.answer ? ` – ${t('participation.answer', { answer: entry.answer })}` : ''}
              {entry.is_correct === null
                ? ''
                : ` – ${entry.is_correct ? t('participation.right') : t('participation.wrong')}`}
              {answersText(t, entry.form_answers) ? ` – ${answersText(t, entry.form_answers)}` : ''}
            </li>
          ))}
        </ul>
      )}
      <h4 className={styles.label}>{t('participation.consents')}</h4>
      <ul className={styles.list}>
        {campaign.consents.map((consent) => (
          <li key={`${consent.purpose}-${consent.given_at}`}>
            <strong>{t(`participation.purposes.${consent.purpose}`)}</strong>: «{consent.text}»{' '}
            <span>
              ({t('participation.given', { when: when(consent.given_at) })}
              {consent.withdrawn_at
                ? `, ${t('participation.withdrawnAt', { when: when(consent.withdrawn_at) })}`
                : ''}
              )
            </span>
          </li>
        ))}
      </ul>
    </article>
  );
}

type DeleteAllProps = { organization: string; t: Translate; busy: boolean; onDelete: () => Promise<void> };

function DeleteAll({ organization, t, busy, onDelete }: DeleteAllProps) {
  const [confirming, setConfirming] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // The confirmation takes focus on its safe answer: the question is read out, and an Enter pressed
  // too soon keeps the data.
  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
  }, [confirming]);
  return (
    <section className={styles.panel} aria-labelledby="participation-delete">
      <h2 id="participation-delete" className={styles.heading}>
        {t('participation.delete')}
      </h2>
      {confirming ? (
        <div role="group" aria-labelledby="participation-delete-confirm">
          <p id="participation-delete-confirm">{t('participation.deleteConfirm', { organization })}</p>
          <div className={styles.actions}>
            <button
              type="button"
              className={`${styles.button} ${styles.danger}`}
              disabled={busy}
              onClick={() => void onDelete()}
            >
              {t('participation.deleteYes')}
            </button>
            <button
              type="button"
              className={`${styles.button} ${styles.secondary}`}
              onClick={() => setConfirming(false)}
              ref={cancelButton}
            >
              {t('participation.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className={`${styles.button} ${styles.danger}`}
          onClick={() => setConfirming(true)}
        >
          {t('participation.delete')}
        </button>
      )}
    </section>
  );
}

/** The page after «slett alt»: what is gone, as the page's heading, which takes focus. */
export function ParticipationDeleted({ organization }: { organization: string }) {
  const { t } = useParticipationTexts();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.panel} aria-labelledby="participation-deleted">
      <h1 id="participation-deleted" className={styles.title} ref={heading} tabIndex={-1}>
        {t('participation.deletedHeading')}
      </h1>
      <p role="status">{t('participation.deleted', { organization })}</p>
    </section>
  );
}
