import { emailProblem, refusalText, TEXT } from './messages';
import type { Popup, Variant } from './rules/types';
import { css } from './styles';

export type ShowOptions = {
  popup: Popup;
  variant: Variant;
  /** The snippet's own origin: the form variant's iframe comes from there. */
  origin: string;
  onClose: () => void;
  /** The sign-up; rejects with a catalogue code (CallError) the field shows. */
  onSignup: (
    email: string,
    marketing: boolean,
    honeypot: string,
  ) => Promise<{ discount_code: string | null }>;
  /** The form variant's iframe said the form was sent. */
  onFormSent: () => void;
  /**
   * Mount here instead of `document.body` (an editor's preview frame): the popup then leaves focus
   * where it is and holds none, shows without animating in, and its shadow root is open.
   */
  container?: HTMLElement;
  /** Show the thanks at once (an editor's preview of the success state), with this code. */
  success?: { discount_code: string | null };
};

/** The host is on the page; its shadow root stays closed to the page's scripts (ours hold it). */
export type Shown = { close: () => void; host: HTMLElement; root: ShadowRoot };

const FOCUSABLE = 'button,input,iframe,a[href],[tabindex]:not([tabindex="-1"])';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]> & Record<string, unknown> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(properties)) {
    if (name in node && !name.includes('-')) (node as unknown as Record<string, unknown>)[name] = value;
    else node.setAttribute(name, String(value));
  }
  node.append(...children);
  return node;
}

/**
 * Renders a popup in a closed shadow root on a host element of its own. A modal or full screen is a
 * dialog that holds focus until it closes (then focus goes back where it was); a slide-in or bar is a
 * region that lets the page be. Every text is the popup's, set as text, never as HTML.
 */
export function showPopup(options: ShowOptions): Shown {
  const { popup, variant: content, origin, container } = options;
  const modal = popup.type === 'modal' || popup.type === 'fullscreen';
  // A preview beside an editor's fields must not take their focus nor trap it.
  const blocking = modal && !container;
  const host = element('div', { 'data-leadtorget-popup': popup.id });
  const root = host.attachShadow({ mode: container ? 'open' : 'closed' });
  const opener = document.activeElement as HTMLElement | null;

  const heading = element('h2', { id: 'lt-heading', tabIndex: -1 }, [content.heading]);
  const close = element('button', { type: 'button', className: 'close', 'aria-label': TEXT.close }, ['×']);
  const box = element(
    'div',
    modal
      ? { className: 'box', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'lt-heading' }
      : { className: 'box', role: 'region', 'aria-labelledby': 'lt-heading' },
    [close],
  );
  // The config's image is signed already (public-media): an absolute address, or nothing shown.
  const image = content.image?.url ?? content.image?.path ?? '';
  if (/^https?:\/\//.test(image)) box.append(element('img', { src: image, alt: content.image?.alt ?? '' }));
  box.append(heading);
  const intro = content.text ? element('p', {}, [content.text]) : undefined;
  if (intro) box.append(intro);
  const wrap = element('div', { className: `wrap ${popup.type}${container ? '' : ' hidden'}` }, [box]);
  root.append(element('style', {}, [css(popup)]), wrap);

  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    host.remove();
    document.removeEventListener('focusin', keepFocus, true);
    window.removeEventListener('message', onMessage);
    if (blocking && opener?.isConnected) opener.focus();
  };

  const focusables = () =>
    [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((node) => !node.closest('.trap'));
  // Focus that wanders out of a dialog (a click on the page behind, a screen reader's jump) comes back.
  const keepFocus = (event: FocusEvent) => {
    // Focus inside the shadow root shows from outside as its host.
    if (document.activeElement !== host && event.target !== host) focusables()[0]?.focus();
  };
  root.addEventListener('keydown', (event) => {
    const key = (event as KeyboardEvent).key;
    if (key === 'Escape') {
      event.stopPropagation();
      closeByVisitor();
    } else if (key === 'Tab' && blocking) {
      const all = focusables();
      const first = all[0];
      const last = all[all.length - 1];
      const active = root.activeElement;
      const shift = (event as KeyboardEvent).shiftKey;
      if (shift && (active === first || active === box)) {
        event.preventDefault();
        last?.focus();
      } else if (!shift && active === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  });
  const closeByVisitor = () => {
    if (done) return;
    options.onClose();
    finish();
  };
  close.addEventListener('click', closeByVisitor);
  if (modal) wrap.addEventListener('click', (event) => event.target === wrap && closeByVisitor());

  const onMessage = (event: MessageEvent) => {
    const frame = box.querySelector('iframe');
    if (event.source !== frame?.contentWindow || event.origin !== origin) return;
    const data = event.data as { type?: string; height?: number };
    if (data?.type === 'leadtorget:height' && typeof data.height === 'number')
      frame.style.height = `${data.height}px`;
    if (data?.type === 'leadtorget:form-sent') options.onFormSent();
  };

  if (content.field === 'form' && content.form_id && container) {
    // An editor's preview: the form's own page cannot run in its frame, and sending from there would
    // be a real response; say where the form goes instead.
    box.append(element('p', { className: 'form-note' }, [TEXT.formPreview]));
  } else if (content.field === 'form' && content.form_id) {
    const src = `${origin}/skjema/iframe?id=${encodeURIComponent(content.form_id)}`;
    box.append(element('iframe', { src, title: content.heading || TEXT.formTitle, loading: 'lazy' }));
    window.addEventListener('message', onMessage);
  } else {
    const form = signupForm(options, (code) => {
      heading.textContent = content.success_heading;
      intro?.remove();
      const thanks = [element('p', {}, [content.success_text])];
      if (code) thanks.push(element('p', { className: 'code' }, [code]));
      form.replaceWith(...thanks);
      if (!container) heading.focus();
    });
    box.append(form);
    if (options.success) {
      heading.textContent = content.success_heading;
      intro?.remove();
      form.replaceWith(element('p', {}, [content.success_text]));
      if (options.success.discount_code)
        box.append(element('p', { className: 'code' }, [options.success.discount_code]));
    }
  }

  (container ?? document.body).append(host);
  // The next frame: the hidden state is painted first, so the box animates in (transform, opacity).
  if (!container) requestAnimationFrame(() => requestAnimationFrame(() => wrap.classList.remove('hidden')));
  if (blocking) {
    document.addEventListener('focusin', keepFocus, true);
    (focusables().find((node) => node !== close) ?? close).focus();
  }
  return { close: finish, host, root };
}

/** The e-mail field, the consent texts and the button; then the thanks and the discount code. */
function signupForm(options: ShowOptions, succeeded: (code: string | null) => void): HTMLFormElement {
  const { popup, variant: content } = options;
  const input = element('input', {
    type: 'email',
    id: 'lt-email',
    name: 'email',
    autocomplete: 'email',
    placeholder: TEXT.email,
    'aria-describedby': 'lt-error',
  });
  const error = element('p', { id: 'lt-error', className: 'error', 'aria-live': 'polite' });
  const button = element('button', { type: 'submit', className: 'send' }, [content.button]);
  // A field a person never sees or reaches: bots fill it in, the server refuses what has it.
  const trap = element('input', {
    name: 'website',
    tabIndex: -1,
    autocomplete: 'off',
    'aria-hidden': 'true',
  });
  const form = element('form', { noValidate: true }, [
    element('label', { className: 'field', htmlFor: 'lt-email' }, [TEXT.email]),
    input,
    button,
    error,
    element('div', { className: 'trap' }, [trap]),
  ]);
  let marketing: HTMLInputElement | undefined;
  if (popup.marketing_consent_text) {
    marketing = element('input', { type: 'checkbox', id: 'lt-marketing' });
    form.append(
      element('label', { className: 'consent', htmlFor: 'lt-marketing' }, [
        marketing,
        popup.marketing_consent_text,
      ]),
    );
  }
  // Sending the form is agreeing to the campaign's terms: the text stands beside the button.
  if (popup.consent_text) form.append(element('p', { className: 'consent' }, [popup.consent_text]));

  const showError = (text: string) => {
    error.textContent = text;
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const email = input.value.trim();
    const problem = emailProblem(email);
    if (problem) return showError(problem);
    error.textContent = '';
    input.removeAttribute('aria-invalid');
    button.disabled = true;
    button.textContent = TEXT.sending;
    options
      .onSignup(email, marketing?.checked ?? false, trap.value)
      .then(({ discount_code }) => succeeded(discount_code))
      .catch((failure: Error) => {
        button.disabled = false;
        button.textContent = content.button;
        showError(refusalText(failure.message));
      });
  });
  return form;
}
