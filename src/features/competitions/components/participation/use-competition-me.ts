import { useCallback, useEffect, useRef, useState } from 'react';
import { PublicCallError } from '@/lib/public/public-rpc';
import { failureText } from '@/lib/public/public-texts';
import { usePublicLoad } from '@/lib/public/use-public-load';
import { type CompetitionParticipation, getCompetitionParticipation } from '../../api/participation-api';
import { useMeTexts } from './participation-texts';

export type MeNotice = { text: string; error?: boolean };

/**
 * The participant's competition by their token and what each write does after it: the page reads
 * again from the server (it shows what the database now holds), a polite status line says what
 * happened, and focus goes where the person's next step is (`focusAfter`). A refusal is the
 * catalogue's Norwegian message and the caller keeps what was typed (`run` rethrows it).
 */
export function useCompetitionMe(token: string | null, competitionId: string | null) {
  const { t } = useMeTexts();
  const { state, reload } = usePublicLoad<CompetitionParticipation>(
    (signal) =>
      token && competitionId
        ? getCompetitionParticipation(token, competitionId, signal)
        : Promise.reject(new PublicCallError('missing-token', null)),
    `${token ?? ''}:${competitionId ?? ''}`,
  );
  const [notice, setNotice] = useState<MeNotice | null>(null);
  const focusTarget = useRef<(() => HTMLElement | null) | null>(null);
  const data = state.status === 'ready' ? state.data : null;

  // After the new state has drawn: the element the action chose (read then, as it may be new).
  useEffect(() => {
    const target = focusTarget.current?.();
    if (target) {
      focusTarget.current = null;
      target.focus();
    }
  }, [data]);

  const run = useCallback(
    async (
      action: (token: string, competitionId: string) => Promise<unknown>,
      done: string,
      focusAfter?: () => HTMLElement | null,
    ) => {
      if (!token || !competitionId) return;
      try {
        await action(token, competitionId);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        setNotice({ text: failureText(t, typeof code === 'string' ? code : 'unknown'), error: true });
        throw error;
      }
      focusTarget.current = focusAfter ?? null;
      setNotice({ text: done });
      reload();
    },
    [token, competitionId, t, reload],
  );

  return { state, reload, notice, run };
}
