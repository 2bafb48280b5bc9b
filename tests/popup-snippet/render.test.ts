import { userEvent } from '@testing-library/user-event';
import { CallError } from '@/popup-snippet/api';
import { showPopup, type ShowOptions } from '@/popup-snippet/render';
import type { Popup } from '@/popup-snippet/rules/types';
import { popup, variant } from './fixtures';

/** A popup on the page, and its shadow root (closed to the page, not to the snippet). */
function render(change: Partial<Popup> = {}, options: Partial<ShowOptions> = {}) {
  const onClose = vi.fn();
  const onSignup = vi.fn<ShowOptions['onSignup']>();
  const shown = showPopup({
    popup: popup(change),
    variant: change.variants?.[0] ?? variant('a', 100),
    origin: 'https://app.leadtorget.no',
    onClose,
    onSignup,
    onFormSent: vi.fn(),
    ...options,
  });
  // One popup at a time, as on a page: the next test's must not find this one's focus trap.
  onTestFinished(() => shown.close());
  const { root } = shown;
  const $ = <T extends Element = HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  return { root, $, onClose, onSignup, shown };
}

describe('the rendered popup', () => {
  it('is a labelled modal dialog that holds focus and gives it back on close', () => {
    const before = document.createElement('button');
    document.body.append(before);
    before.focus();
    const { root, $, onClose, shown } = render();
    const dialog = $('[role="dialog"]');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect($(`#${dialog.getAttribute('aria-labelledby')}`)).toHaveTextContent('Få 10 % på første service');
    expect(root.activeElement).toBe($('input[type="email"]'));
    expect($('button.close')).toHaveAttribute('aria-label', 'Lukk');
    // Tab from the last focusable goes round to the first, shift+tab from the first to the last
    // (user-event's tab does not enter shadow roots: the key events themselves).
    const tab = (shiftKey: boolean) =>
      root.activeElement!.dispatchEvent(
        new KeyboardEvent('keydown', {
          key: 'Tab',
          shiftKey,
          bubbles: true,
          composed: true,
          cancelable: true,
        }),
      );
    $('button.close').focus();
    expect(tab(true)).toBe(false);
    expect(root.activeElement).toBe($('button.send'));
    expect(tab(false)).toBe(false);
    expect(root.activeElement).toBe($('button.close'));
    // Inside, the browser's own tab order is left alone.
    expect(tab(false)).toBe(true);
    // Focus moved to the page behind comes back.
    before.focus();
    expect(root.activeElement).toBe($('button.close'));
    root.activeElement!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(shown.host.isConnected).toBe(false);
    expect(document.activeElement).toBe(before);
  });

  it.each(['slide_in', 'bar_top', 'bar_bottom'] as const)(
    'a %s is a labelled region that leaves focus be',
    (type) => {
      const before = document.createElement('button');
      document.body.append(before);
      before.focus();
      const { $ } = render({ type });
      expect($('[role="region"]')).toHaveAttribute('aria-labelledby', 'lt-heading');
      expect($('[aria-modal]')).toBeNull();
      expect(document.activeElement).toBe(before);
    },
  );

  it('closes on its close button', async () => {
    const { $, onClose, shown } = render();
    await userEvent.click($('button.close'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(shown.host.isConnected).toBe(false);
  });

  it('says at the field what is wrong with the address, and keeps it', async () => {
    const user = userEvent.setup();
    const { $, onSignup } = render();
    const input = $<HTMLInputElement>('input[type="email"]');
    await user.click($('button.send'));
    expect($('#lt-error')).toHaveTextContent('Skriv inn e-postadressen din.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // user-event does not type into shadow roots: the value as typed.
    input.value = 'ola@eksempel';
    await user.click($('button.send'));
    expect($('#lt-error')).toHaveTextContent('Skriv inn en gyldig e-postadresse.');
    expect(input.value).toBe('ola@eksempel');
    expect(onSignup).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal at the field and keeps the address', async () => {
    const user = userEvent.setup();
    const { $, onSignup } = render();
    onSignup.mockRejectedValueOnce(new CallError('campaign-rate-limited'));
    const input = $<HTMLInputElement>('input[type="email"]');
    input.value = 'ola@eksempel.no';
    await user.click($('button.send'));
    await vi.waitFor(() =>
      expect($('#lt-error')).toHaveTextContent('Det er sendt mange svar fra denne nettforbindelsen.'),
    );
    expect(input.value).toBe('ola@eksempel.no');
    expect($('button.send')).toBeEnabled();
  });

  it('thanks with the discount code after a sign-up, and shows the consent texts before it', async () => {
    const user = userEvent.setup();
    const { root, $, onSignup } = render({ marketing_consent_text: 'Send meg tilbud på e-post.' });
    expect(root.textContent).toContain('Jeg godtar vilkårene.');
    onSignup.mockResolvedValueOnce({ discount_code: 'FJORD10' });
    $<HTMLInputElement>('input[type="email"]').value = 'ola@eksempel.no';
    await user.click($('label.consent'));
    await user.click($('button.send'));
    await vi.waitFor(() => expect($('.code')).toHaveTextContent('FJORD10'));
    expect(onSignup).toHaveBeenCalledWith('ola@eksempel.no', true, '');
    expect($('h2')).toHaveTextContent('Takk!');
    expect(root.activeElement).toBe($('h2'));
  });

  it('shows a form variant as the form page in a frame from the snippet’s origin, and converts on its message', () => {
    const onFormSent = vi.fn();
    const form = { ...variant('f', 100), field: 'form' as const, form_id: 'form-1' };
    const { $ } = render({ variants: [form] }, { onFormSent });
    const frame = $<HTMLIFrameElement>('iframe');
    expect(frame.getAttribute('src')).toBe('https://app.leadtorget.no/skjema/iframe?id=form-1');
    // From another origin or window: ignored.
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'leadtorget:form-sent' }, origin: 'https://evil.example' }),
    );
    expect(onFormSent).not.toHaveBeenCalled();
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'leadtorget:form-sent', formId: 'form-1' },
        origin: 'https://app.leadtorget.no',
        source: frame.contentWindow,
      }),
    );
    expect(onFormSent).toHaveBeenCalledTimes(1);
  });

  it('renders the popup’s texts as text, never as HTML', () => {
    const hostile = { ...variant('a', 100), heading: '<img src=x onerror=alert(1)>' };
    const { root } = render({ variants: [hostile] });
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('h2')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('the preview mode (an editor mounts it in its own frame)', () => {
  it('mounts in the container with an open root, takes no focus and can start with the thanks', () => {
    const before = document.createElement('button');
    const container = document.createElement('div');
    document.body.append(before, container);
    before.focus();
    const shown = showPopup({
      popup: popup(),
      variant: variant('a', 100),
      origin: 'https://app.leadtorget.no',
      container,
      success: { discount_code: 'FJORD10' },
      onClose: vi.fn(),
      onSignup: vi.fn<ShowOptions['onSignup']>(),
      onFormSent: vi.fn(),
    });
    onTestFinished(() => shown.close());
    expect(shown.host.parentElement).toBe(container);
    expect(shown.host.shadowRoot).toBe(shown.root);
    expect(document.activeElement).toBe(before);
    // Still the real dialog, just not holding focus: Tab is the browser's own.
    expect(shown.root.querySelector('[role="dialog"]')).not.toBeNull();
    expect(shown.root.querySelector('.wrap')?.classList.contains('hidden')).toBe(false);
    expect(shown.root.querySelector('h2')).toHaveTextContent(variant('a', 100).success_heading);
    expect(shown.root.querySelector('.code')).toHaveTextContent('FJORD10');
    expect(shown.root.querySelector('form')).toBeNull();
  });

  it('shows a form variant as a note of where the form goes: no frame, nothing that could send', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const shown = showPopup({
      popup: popup(),
      variant: { ...variant('a', 100), field: 'form', form_id: 'cf000000-0000-4000-8000-000000000002' },
      origin: 'https://app.leadtorget.no',
      container,
      onClose: vi.fn(),
      onSignup: vi.fn<ShowOptions['onSignup']>(),
      onFormSent: vi.fn(),
    });
    onTestFinished(() => shown.close());
    expect(shown.root.querySelector('iframe')).toBeNull();
    expect(shown.root.querySelector('form')).toBeNull();
    expect(shown.root.querySelector('.form-note')).toHaveTextContent('Skjemaet vises her på nettstedet.');
  });
});
