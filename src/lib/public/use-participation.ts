import { useEffect, useRef, useState } from 'react';
import {
  deleteParticipant,
  getParticipation,
  type PersonParticipation,
  withdrawConsent,
} from './participation-api';
import { useParticipationTexts } from './participation-texts';
import { PublicCallError } from './public-rpc';
import { failureText } from './public-texts';
import { forgetDetails } from './remembered-details';
import { usePublicLoad } from './use-public-load';

export type ParticipationNotice = { text: string; error?: boolean };

/**
 * A participation page's state and actions, for every kind of campaign: the person's data by their
 * token, withdrawing marketing (the whole organization) or one campaign's reminders, and deleting
 * everything. Each action ends in a notice that takes focus (a screen reader reads what happened),
 * and the data is read again from the server, so the page shows what the database now holds.
 *
 * `askReminders`: the campaign whose e-mail's unsubscribe link opened the page (`&unsubscribe=1`):
 * the page asks before it acts, as mail scanners open links.
 */
export function useParticipation(token: string | null, askReminders: string | null = null) {
  const { t } = useParticipationTexts();
  const { state, reload } = usePublicLoad<PersonParticipation>(
    (signal) =>
      token ? getParticipation(token, signal) : Promise.reject(new PublicCallError('missing-token', null)),
    token ?? '',
  );
  const [notice, setNotice] = useState<ParticipationNotice | null>(null);
  const [deleted, setDeleted] = useState<{ organization: string } | null>(null);
  const data = state.status === 'ready' ? state.data : null;

  const asked = askReminders ? data?.campaigns.find((c) => c.campaign_id === askReminders) : undefined;
  const asking = notice
    ? null
    : asked
      ? t(asked.reminders_opt_in ? 'participation.askReminders' : 'participation.remindersAlreadyOff', {
          name: asked.name,
        })
      : null;
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const shown = notice ?? asking;
  useEffect(() => {
    if (shown) noticeRef.current?.focus();
  }, [shown]);

  const act = async (action: (token: string) => Promise<unknown>, done: () => void) => {
    if (!token) return;
    try {
      await action(token);
      done();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      setNotice({ text: failureText(t, typeof code === 'string' ? code : 'unknown'), error: true });
    }
  };
  const organization = data?.organization_name ?? '';

  return {
    state,
    reload,
    notice: typeof shown === 'string' ? { text: shown } : shown,
    noticeRef,
    deleted,
    withdrawMarketing: () =>
      act(
        (key) => withdrawConsent(key, 'marketing', null),
        () => {
          setNotice({ text: t('participation.marketingWithdrawn', { organization }) });
          reload();
        },
      ),
    withdrawReminders: (campaignId: string) =>
      act(
        (key) => withdrawConsent(key, 'reminders', campaignId),
        () => {
          const name = data?.campaigns.find((c) => c.campaign_id === campaignId)?.name ?? '';
          setNotice({ text: t('participation.remindersWithdrawn', { name }) });
          reload();
        },
      ),
    deleteAll: () =>
      act(deleteParticipant, () => {
        // What was typed on this device goes too: the next form must not offer it again.
        forgetDetails();
        setDeleted({ organization });
      }),
  };
}
