import { useCallback, useEffect, useState } from 'react';
import type { FormDefinition } from '@/lib/forms/engine';
import { useUnsavedWarning } from '@/lib/use-unsaved-warning';
import { saveDraft } from '../api/get-form';

export type SaveState = 'saved' | 'saving' | 'failed';

/** Quiet time after the last change before the draft is written. */
export const AUTOSAVE_DELAY_MS = 800;
/** After a refused save, the next try (the local document is kept meanwhile). */
export const AUTOSAVE_RETRY_MS = 5000;

/**
 * Writes the builder's document into the form's draft once typing pauses. One save at a time: a change
 * made while one is on its way is written after it. A refused save keeps the document and tries again
 * (at once with `retry`), so nothing typed is lost; `savedOnce` tells that a draft exists now.
 */
export function useAutosave(formId: string, definition: FormDefinition) {
  const [saved, setSaved] = useState(definition);
  const [failures, setFailures] = useState(0);
  const [now, setNow] = useState(0);
  const [inFlight, setInFlight] = useState(false);
  const [savedOnce, setSavedOnce] = useState(false);

  useEffect(() => {
    if (definition === saved || inFlight) return;
    const delay = now > 0 ? 0 : failures > 0 ? AUTOSAVE_RETRY_MS : AUTOSAVE_DELAY_MS;
    const timer = setTimeout(() => {
      // Any change cancels this timer, so `definition` is the latest when it fires.
      const sending = definition;
      setInFlight(true);
      setNow(0);
      saveDraft(formId, sending).then(
        () => {
          setSaved(sending);
          setSavedOnce(true);
          setFailures(0);
          setInFlight(false);
        },
        () => {
          setFailures((count) => count + 1);
          setInFlight(false);
        },
      );
    }, delay);
    return () => clearTimeout(timer);
  }, [definition, saved, inFlight, failures, now, formId]);

  const dirty = definition !== saved;
  useUnsavedWarning(dirty);

  const retry = useCallback(() => setNow((value) => value + 1), []);
  const state: SaveState = !dirty ? 'saved' : failures > 0 && !inFlight ? 'failed' : 'saving';
  return { state, retry, savedOnce };
}
