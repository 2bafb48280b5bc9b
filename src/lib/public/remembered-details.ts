const DETAILS_KEY = 'leadtorget.participant.details';

export type RememberedDetails = { email?: string; name?: string; phone?: string };

/**
 * The e-mail, name and phone typed in this visit, so the next form is filled in: sessionStorage only
 * (partitioned per top-level site inside an iframe), and forgotten when the person deletes their data.
 */
export function rememberedDetails(): RememberedDetails {
  try {
    return JSON.parse(sessionStorage.getItem(DETAILS_KEY) ?? '{}') as RememberedDetails;
  } catch {
    return {};
  }
}

export function rememberDetails(details: RememberedDetails) {
  try {
    sessionStorage.setItem(DETAILS_KEY, JSON.stringify(details));
  } catch {
    // Storage refused (private mode, a blocked iframe): the next form is simply empty.
  }
}

export function forgetDetails() {
  try {
    sessionStorage.removeItem(DETAILS_KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
}
