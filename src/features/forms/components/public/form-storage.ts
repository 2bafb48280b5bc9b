import type { Answers } from '@/lib/forms/engine-visitor';

/**
 * What a visitor typed, kept in sessionStorage until it is sent (a reload, or a tap outside and back,
 * loses nothing) and cleared after. sessionStorage rather than a cookie: an iframe's is partitioned by
 * the embedding site, and storage a browser refuses simply keeps nothing.
 */
const keyOf = (formId: string) => `leadtorget:form:${formId}`;

export function readAnswers(formId: string): Answers {
  try {
    const stored = JSON.parse(sessionStorage.getItem(keyOf(formId)) ?? '{}') as unknown;
    return typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Answers) : {};
  } catch {
    return {};
  }
}

export function keepAnswers(formId: string, answers: Answers) {
  try {
    sessionStorage.setItem(keyOf(formId), JSON.stringify(answers));
  } catch {
    // Storage refused (a private window, a blocked iframe): the answers stay in the page only.
  }
}

export function forgetAnswers(formId: string) {
  try {
    sessionStorage.removeItem(keyOf(formId));
  } catch {
    // Nothing was kept.
  }
}

/** The visit's random id for progress and the submission (no personal data). */
export function visitSessionId(formId: string): string {
  const key = `leadtorget:form-session:${formId}`;
  try {
    const known = sessionStorage.getItem(key);
    if (known) return known;
    const made = crypto.randomUUID();
    sessionStorage.setItem(key, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}

/** A new visit after a response: the next one counts on its own. */
export function endVisit(formId: string) {
  try {
    sessionStorage.removeItem(`leadtorget:form-session:${formId}`);
  } catch {
    // Nothing was kept.
  }
}
