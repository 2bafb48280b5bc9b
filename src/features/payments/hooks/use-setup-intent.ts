import { useCallback, useEffect, useRef, useState } from 'react';
import { useStartCardSetup, type SetupStart } from '../api/start-card-setup';

/**
 * The card form's SetupIntent: one when the form opens, and a new one on `renew()` after a failed
 * attempt (a declined intent may not be confirmed again). The last intent stays until the next one
 * arrives, so the card fields — and what was typed in them — stay on screen.
 */
export function useSetupIntent(organizationId: string) {
  const start = useStartCardSetup();
  const [intent, setIntent] = useState<SetupStart | null>(null);
  const { mutate } = start;
  const renew = useCallback(() => mutate(organizationId, { onSuccess: setIntent }), [mutate, organizationId]);
  const opened = useRef(false);
  useEffect(() => {
    // Once per form: every start makes an intent at the provider (StrictMode runs effects twice).
    if (opened.current) return;
    opened.current = true;
    renew();
  }, [renew]);
  return { intent, error: start.error, renewing: start.isPending, renew };
}
