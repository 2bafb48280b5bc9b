import type { VisitorState } from './visitor';

/** The part of the Web Storage interface the snippet uses (a fake in tests). */
export type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type ConsentSignal = 'granted' | 'denied' | undefined;

/**
 * Google Consent Mode's `analytics_storage`, as the site's `gtag('consent', 'default' | 'update', …)`
 * calls left it in `dataLayer` (each entry gtag's arguments): the last one that names it.
 */
export function consentModeOf(dataLayer: unknown): ConsentSignal {
  if (!Array.isArray(dataLayer)) return undefined;
  let found: ConsentSignal;
  for (const entry of dataLayer as unknown[]) {
    const args = entry as ArrayLike<unknown> | null;
    if (!args || typeof args !== 'object' || args[0] !== 'consent') continue;
    const value = (args[2] as { analytics_storage?: unknown } | undefined)?.analytics_storage;
    if (value === 'granted' || value === 'denied') found = value;
  }
  return found;
}

/** Storage can throw (blocked by the browser, full): the visitor's memory then lives in the page only. */
function attempt<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}

export type VisitorStorage = {
  load(): VisitorState | undefined;
  save(state: VisitorState): void;
  /** `window.leadtorget('consent', granted)`: moves the memory to `localStorage`, or clears it there. */
  consent(granted: boolean): void;
  /** Where the memory lives now. */
  persistent(): boolean;
};

/**
 * The visitor's memory and the consent rules: in `localStorage` only when allowed — the site's own
 * call first, else Consent Mode's `analytics_storage`, else the tag's `data-consent="required"` (which
 * asks for a grant) — and otherwise in this page's memory and `sessionStorage` (gone with the tab).
 */
export function visitorStorage(options: {
  key: string;
  local: KeyValue | undefined;
  session: KeyValue | undefined;
  required: boolean;
  consentMode: () => ConsentSignal;
}): VisitorStorage {
  const { key, local, session } = options;
  let explicit: boolean | undefined;
  let memory: VisitorState | undefined;

  const allowed = () => {
    if (explicit !== undefined) return explicit;
    const mode = options.consentMode();
    return mode ? mode === 'granted' : !options.required;
  };
  const read = (store: KeyValue | undefined) => {
    const text = attempt(() => store?.getItem(key));
    const parsed = text ? attempt(() => JSON.parse(text) as VisitorState) : undefined;
    return parsed && typeof parsed.visitor === 'string' ? parsed : undefined;
  };
  const save = (state: VisitorState) => {
    memory = state;
    const text = JSON.stringify(state);
    if (allowed()) {
      attempt(() => local?.setItem(key, text));
      attempt(() => session?.removeItem(key));
    } else {
      attempt(() => session?.setItem(key, text));
    }
  };

  return {
    load() {
      memory ??= (allowed() ? read(local) : undefined) ?? read(session);
      return memory;
    },
    save,
    consent(granted) {
      explicit = granted;
      if (!granted) attempt(() => local?.removeItem(key));
      if (memory) save(memory);
    },
    persistent: allowed,
  };
}
