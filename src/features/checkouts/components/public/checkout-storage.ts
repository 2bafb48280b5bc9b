/**
 * What the page keeps in sessionStorage for one checkout: the e-mail step's session (a reload does not
 * ask again) and the open attempt's `requestId`, so a reload or a double click never pays twice
 * (docs/checkouts.md «Paying»). Storage a browser refuses (a private window, a blocked iframe) keeps
 * nothing: the page still works, a reload then starts over.
 */
export interface StoredCheckout {
  sessionId?: string;
  token?: string;
  email?: string;
  requestId?: string;
}

const keyOf = (checkoutId: string) => `leadtorget:checkout:${checkoutId}`;

export function readCheckout(checkoutId: string): StoredCheckout {
  try {
    const stored = JSON.parse(sessionStorage.getItem(keyOf(checkoutId)) ?? '{}') as unknown;
    return typeof stored === 'object' && stored !== null ? stored : {};
  } catch {
    return {};
  }
}

export function keepCheckout(checkoutId: string, change: Partial<StoredCheckout>) {
  try {
    const next = { ...readCheckout(checkoutId), ...change };
    sessionStorage.setItem(keyOf(checkoutId), JSON.stringify(next));
  } catch {
    // Refused: the page keeps it in memory only.
  }
}

/** The attempt's id: the stored one, or a new one kept until the attempt ends. */
export function attemptId(checkoutId: string): string {
  const known = readCheckout(checkoutId).requestId;
  if (known) return known;
  const requestId = crypto.randomUUID();
  keepCheckout(checkoutId, { requestId });
  return requestId;
}

/** The attempt ended (paid, refused, or the buyer changed the order): the next one gets a new id. */
export const endAttempt = (checkoutId: string) => keepCheckout(checkoutId, { requestId: undefined });

/** The browser's random visitor id for the figures (unique visitors), never a person. */
export function visitorId(): string | null {
  const key = 'leadtorget:checkout-visitor';
  try {
    const known = localStorage.getItem(key);
    if (known) return known;
    const id = crypto.randomUUID().replace(/-/g, '');
    localStorage.setItem(key, id);
    return id;
  } catch {
    return null;
  }
}
