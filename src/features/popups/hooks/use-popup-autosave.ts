import { useCallback, useEffect, useState } from 'react';
import { toAppError, type AppError } from '@/lib/errors';
import { useUnsavedWarning } from '@/lib/use-unsaved-warning';
import { PopupSaveRefusal, useSavePopup } from '../api/save-popup';
import type { PopupDraft } from '../utils/popup-draft';
import { validateDraft } from '../utils/validate-draft';

export type PopupSaveState = 'saved' | 'saving' | 'invalid' | 'failed';

/** Quiet time after the last change before the draft is written. */
export const AUTOSAVE_DELAY_MS = 800;
/** After a lost connection, the next try (a refusal waits for the next change or «Prøv nå»). */
export const AUTOSAVE_RETRY_MS = 5000;

/**
 * Saves the editor's draft once typing pauses, like the forms' builder: one save at a time, a change
 * made meanwhile written after it. A draft the client's checks refuse is not sent (the messages stand
 * at the fields); a draft the server refuses stays on screen with its message and the field it is
 * about, and is sent again after the next change, at once with `retry`, or after a lost connection by
 * itself. Nothing typed is lost.
 */
export function usePopupAutosave(
  popupId: string,
  organizationId: string,
  draft: PopupDraft,
  initial: PopupDraft,
  published: boolean,
) {
  const save = useSavePopup(popupId, organizationId);
  const [saved, setSaved] = useState(initial);
  const [inFlight, setInFlight] = useState(false);
  const [refused, setRefused] = useState<{ draft: PopupDraft; error: AppError; field: string | null } | null>(
    null,
  );
  const [now, setNow] = useState(0);
  const problems = validateDraft(draft, { published });
  const valid = problems.length === 0;
  const { mutateAsync } = save;

  useEffect(() => {
    if (draft === saved || inFlight || !valid) return;
    const waitForChange = refused?.draft === draft && refused.error.code !== 'network';
    if (waitForChange && now === 0) return;
    const delay = now > 0 ? 0 : refused?.draft === draft ? AUTOSAVE_RETRY_MS : AUTOSAVE_DELAY_MS;
    const timer = setTimeout(() => {
      // Any change cancels this timer, so `draft` is the latest when it fires.
      const sending = draft;
      setInFlight(true);
      setNow(0);
      mutateAsync({ saved, next: sending }).then(
        () => {
          setSaved(sending);
          setRefused(null);
          setInFlight(false);
        },
        (failure: unknown) => {
          if (failure instanceof PopupSaveRefusal) {
            setSaved(failure.savedSoFar);
            setRefused({ draft: sending, error: failure.error, field: failure.field });
          } else setRefused({ draft: sending, error: toAppError(failure), field: null });
          setInFlight(false);
        },
      );
    }, delay);
    return () => clearTimeout(timer);
  }, [draft, saved, inFlight, valid, refused, now, mutateAsync]);

  const dirty = draft !== saved;
  useUnsavedWarning(dirty);

  const retry = useCallback(() => setNow((value) => value + 1), []);
  const state: PopupSaveState = !dirty
    ? 'saved'
    : !valid
      ? 'invalid'
      : refused && !inFlight
        ? 'failed'
        : 'saving';
  return { state, retry, problems, refused: dirty ? refused : null };
}
