import { CallError, rpc, withImageLink } from './api';
import { eventQueue } from './events';
import { watchPage } from './page-signals';
import { showPopup, type Shown } from './render';
import { decide, candidates } from './rules/decide';
import { consentModeOf, visitorStorage, type KeyValue } from './rules/storage';
import { deviceOf, utmOf, type PageContext } from './rules/targeting';
import type { Popup, SiteConfig, Variant } from './rules/types';
import {
  newVisitor,
  recordClosed,
  recordConverted,
  recordShown,
  viewPage,
  type VisitorState,
} from './rules/visitor';

/**
 * The site snippet (docs/popups.md, «The snippet»):
 * `<script async src="https://<app>/embed/popups.js" data-site="<site_key>"></script>`.
 * Reads the site's popups, decides in the browser which may show and when, renders it, and reports
 * views, closes and sign-ups.
 */
type Command = (command: string, value?: unknown) => void;
type Queued = { q?: IArguments[] };
declare global {
  interface Window {
    leadtorget?: Command & Queued;
    dataLayer?: unknown[];
    /** Set by the first copy of the snippet: a tag pasted twice runs once. */
    __leadtorgetPopups?: boolean;
  }
}

const tag = document.currentScript as HTMLScriptElement | null;

const safeStorage = (name: 'localStorage' | 'sessionStorage'): KeyValue | undefined => {
  try {
    return window[name];
  } catch {
    return undefined;
  }
};

async function start(script: HTMLScriptElement, siteKey: string) {
  const origin = new URL(script.src, location.href).origin;
  const device = deviceOf(navigator.userAgent);
  const storage = visitorStorage({
    key: `leadtorget:popups:${siteKey}`,
    local: safeStorage('localStorage'),
    session: safeStorage('sessionStorage'),
    required: script.dataset.consent === 'required',
    consentMode: () => consentModeOf(window.dataLayer),
  });

  // The site's calls, made before the snippet arrived (queued by its stub), and from now on.
  const queued = window.leadtorget?.q ?? [];
  const command: Command = (name, value) => {
    if (name === 'consent') storage.consent(value === true);
  };
  window.leadtorget = command;
  for (const args of queued) command(args[0] as string, args[1]);

  let state: VisitorState = storage.load() ?? newVisitor(crypto.randomUUID());
  const update = (next: VisitorState) => {
    state = next;
    storage.save(state);
  };
  const pageView = () =>
    update(
      viewPage(state, Date.now(), {
        referrer:
          document.referrer && new URL(document.referrer).host !== location.host ? document.referrer : '',
        utm: utmOf(location.search),
      }),
    );
  pageView();

  const config = await rpc<SiteConfig>('popup_site_config', { input_site_key: siteKey }).catch(() => null);
  if (!config?.site || !config.popups.length) return;
  // The server's clock for schedules: a visitor's clock can be off by hours.
  const skew = config.now ? Date.parse(config.now) - Date.now() : 0;
  const send = eventQueue(siteKey);

  let open: Shown | undefined;
  // Between the decision and the picture's link: nothing else may show meanwhile.
  let opening = false;
  let live: Popup[] = [];
  const context = (): PageContext => ({
    path: location.pathname + location.search,
    device,
    referrer: state.referrer,
    utm: state.utm,
    returning: state.sessions > 1,
    now: Date.now() + skew,
  });
  const signals = watchPage({
    device,
    selectors: () =>
      live.flatMap((popup) => popup.triggers.flatMap((t) => (t.kind === 'click' ? [t.selector] : []))),
    changed: () => check(),
    routed: () => {
      pageView();
      refresh();
    },
  });

  const report = (popup: Popup, variant: Variant, type: 'view' | 'close' | 'conversion') => {
    // The source: the campaign's utm_source, else the referring site's host, '' when direct.
    const source = state.utm.utm_source ?? (state.referrer ? new URL(state.referrer).host : '');
    send({
      popup_id: popup.id,
      variant_id: variant.id,
      type,
      page: location.pathname.slice(0, 200),
      device,
      source: source.slice(0, 100),
    });
  };

  const show = async (popup: Popup, chosen: Variant) => {
    opening = true;
    const variant = await withImageLink(chosen);
    opening = false;
    const shownAt = new Date(Date.now() + skew).toISOString();
    update(recordShown(state, popup.id, variant.id, Date.now()));
    report(popup, variant, 'view');
    let converted = false;
    const convert = () => {
      if (converted) return;
      converted = true;
      update(recordConverted(state, popup.id, Date.now()));
    };
    open = showPopup({
      popup,
      variant,
      origin,
      onClose: () => {
        open = undefined;
        if (!converted) {
          update(recordClosed(state, popup.id, Date.now()));
          report(popup, variant, 'close');
        }
        refresh();
      },
      onFormSent: () => {
        if (converted) return;
        convert();
        report(popup, variant, 'conversion');
      },
      onSignup: async (email, marketing, honeypot) => {
        const answer = await rpc<{ discount_code: string | null }>('popup_signup', {
          input_site_key: siteKey,
          input_popup_id: popup.id,
          input_variant_id: variant.id,
          input_email: email,
          input_consent: Boolean(popup.consent_text),
          input_marketing_consent: marketing,
          input_page: location.pathname.slice(0, 200),
          input_source: state.utm.utm_source ?? null,
          input_device: device,
          input_honeypot: honeypot || null,
          input_shown_at: shownAt,
        });
        convert();
        return answer ?? { discount_code: null };
      },
    });
  };

  /** The popups that may still show on this page; only their triggers are watched. */
  const refresh = () => {
    live = open || opening ? [] : candidates(config, state, context());
    check();
  };
  function check() {
    if (open || opening || !live.length || document.visibilityState === 'hidden') return;
    const decision = decide(
      { ...config!, popups: live },
      state,
      context(),
      signals(state.page_views, state.sessions),
      false,
    );
    if (decision) void show(decision.popup, decision.variant);
  }
  refresh();
  // Time-based triggers (delay, inactivity) and schedules that open while the page is open.
  setInterval(refresh, 1000);
}

const siteKey = tag?.dataset.site;
if (tag && siteKey && !window.__leadtorgetPopups) {
  window.__leadtorgetPopups = true;
  void start(tag, siteKey).catch((error: unknown) => {
    if (!(error instanceof CallError)) console.warn('leadtorget popups:', error);
  });
}
