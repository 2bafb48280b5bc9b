import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DialogHost } from '@/components/dialog-host';
import { answerConfirm, getCurrentConfirm } from '@/components/dialog-store';
import { loadCardClient } from '@/features/payments/components/card-client';
import type { CardFieldsState } from '@/features/payments/types';
import { initI18n, loadNamespaces, MEMBER_NAMESPACES } from '@/lib/i18n';
import memberNbJson from '@/locales/nb/member.json';

const SUPABASE = 'http://127.0.0.1:54321';
let calls: Record<string, unknown>[] = [];
let answer: (body: Record<string, unknown>) => Response = () => HttpResponse.json({ status: 'succeeded' });

const server = setupServer(
  http.post(`${SUPABASE}/functions/v1/payments-local`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    calls.push(body);
    return answer(body);
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initI18n(undefined, 'nb');
  await loadNamespaces(...MEMBER_NAMESPACES);
});
afterAll(() => server.close());
beforeEach(() => {
  calls = [];
  answer = () => HttpResponse.json({ status: 'succeeded', clientSecret: 'seti_1_secret' });
});
afterEach(() => {
  const pending = getCurrentConfirm();
  if (pending) answerConfirm(pending.id, false);
  server.resetHandlers();
});

async function renderLocal() {
  const client = await loadCardClient('local', null);
  const states: CardFieldsState[] = [];
  render(
    <>
      <client.CardFields id="card" onChange={(state) => states.push(state)} />
      <DialogHost />
    </>,
  );
  return { client, states, user: userEvent.setup() };
}

async function type(
  user: ReturnType<typeof userEvent.setup>,
  values: { number?: string; expiry?: string; cvc?: string },
) {
  if (values.number !== undefined) await user.type(screen.getByLabelText('Kortnummer'), values.number);
  if (values.expiry !== undefined)
    await user.type(screen.getByLabelText('Utløpsdato (MM/ÅÅ)'), values.expiry);
  if (values.cvc !== undefined) await user.type(screen.getByLabelText('CVC'), values.cvc);
}

describe('the local test card form', () => {
  it('is marked as test mode, lists test cards and has numeric, autocompletable fields', async () => {
    await renderLocal();
    expect(screen.getByText('Testmodus')).toBeVisible();
    expect(screen.getByText('4000 0027 6000 3184')).toBeInTheDocument();
    const number = screen.getByLabelText('Kortnummer');
    expect(number).toHaveAttribute('id', 'card');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText('Utløpsdato (MM/ÅÅ)')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
  });

  it('puts a space after every fourth digit and reports the state like Elements', async () => {
    const { user, states } = await renderLocal();
    await type(user, { number: '4242424242424242', expiry: '1234', cvc: '123' });
    expect(screen.getByLabelText('Kortnummer')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Utløpsdato (MM/ÅÅ)')).toHaveValue('12/34');
    expect(states.at(0)).toEqual({ complete: false, empty: false, error: 'incomplete_number' });
    expect(states.at(-1)).toEqual({ complete: true, empty: false, error: null });
  });

  it('shows a field’s message after leaving it, linked to the field', async () => {
    const { user } = await renderLocal();
    await type(user, { number: '4242424242424241' });
    await user.tab();
    const number = screen.getByLabelText('Kortnummer');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription(memberNbJson.errors.incorrect_number);
  });

  it.each([
    [{ number: '4242 4242 4242', expiry: '12/34', cvc: '123' }, 'incomplete_number', 'Kortnummer'],
    [{ number: '4242424242424241', expiry: '12/34', cvc: '123' }, 'incorrect_number', 'Kortnummer'],
    [
      { number: '4242424242424242', expiry: '13/34', cvc: '123' },
      'invalid_expiry_month',
      'Utløpsdato (MM/ÅÅ)',
    ],
    [
      { number: '4242424242424242', expiry: '12/20', cvc: '123' },
      'invalid_expiry_year',
      'Utløpsdato (MM/ÅÅ)',
    ],
    [{ number: '4242424242424242', expiry: '1', cvc: '123' }, 'incomplete_expiry', 'Utløpsdato (MM/ÅÅ)'],
    [{ number: '4242424242424242', expiry: '12/34', cvc: '1' }, 'incomplete_cvc', 'CVC'],
    [{ number: '4242424242424242', expiry: '12/34', cvc: '1234' }, 'invalid_cvc', 'CVC'],
  ] as const)('refuses %o with %s before calling payments-local', async (values, code, field) => {
    const { client, user } = await renderLocal();
    await type(user, values);
    await expect(client.confirmSetup('seti_1_secret')).resolves.toEqual({ error: code });
    expect(calls).toEqual([]);
    const input = screen.getByLabelText(field);
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(memberNbJson.errors[code])).toBeVisible();
  });

  it('confirms a valid card through payments-local', async () => {
    const { client, user } = await renderLocal();
    await type(user, { number: '4242424242424242', expiry: '1234', cvc: '123' });
    await expect(client.confirmSetup('seti_1_secret')).resolves.toEqual({ status: 'succeeded' });
    expect(calls).toEqual([
      {
        action: 'confirmSetup',
        clientSecret: 'seti_1_secret',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      },
    ]);
    expect(screen.getByLabelText('Kortnummer')).toHaveValue('4242 4242 4242 4242');
  });

  it('answers a decline with its card code and keeps what was typed', async () => {
    answer = () => HttpResponse.json({ status: 'failed', error: { code: 'card_declined' } });
    const { client, user } = await renderLocal();
    await type(user, { number: '4000000000000002', expiry: '1234', cvc: '123' });
    await expect(client.confirmPayment('pi_1_secret', { saveCard: true })).resolves.toEqual({
      error: 'card_declined',
    });
    expect(calls[0]).toMatchObject({ action: 'confirmPayment', saveCard: true });
    expect(screen.getByLabelText('Kortnummer')).toHaveValue('4000 0000 0000 0002');
  });
});

describe('the test 3-D Secure dialog', () => {
  beforeEach(() => {
    answer = (body) => {
      if (body.action === 'authenticate') {
        return body.approve
          ? HttpResponse.json({ status: 'succeeded', clientSecret: 'seti_1_secret' })
          : HttpResponse.json({ status: 'failed', error: { code: 'authentication_required' } });
      }
      return HttpResponse.json({ status: 'requires_action', clientSecret: 'seti_1_secret' });
    };
  });

  it('«Godkjenn» completes a card that needs 3-D Secure', async () => {
    const { client, user } = await renderLocal();
    await type(user, { number: '4000002760003184', expiry: '1234', cvc: '123' });
    const result = client.confirmSetup('seti_1_secret');
    const dialog = await screen.findByRole('dialog', { name: 'Bekreft kortet (testmodus)' });
    await user.click(within(dialog).getByRole('button', { name: 'Godkjenn' }));
    await expect(result).resolves.toEqual({ status: 'succeeded' });
    expect(calls.map((call) => call.action)).toEqual(['confirmSetup', 'authenticate']);
    expect(calls[1]).toEqual({ action: 'authenticate', clientSecret: 'seti_1_secret', approve: true });
  });

  it('«Avvis» ends in authentication_required', async () => {
    const { client, user } = await renderLocal();
    const result = client.handleNextAction('pi_9_secret');
    const dialog = await screen.findByRole('dialog', { name: 'Bekreft betalingen (testmodus)' });
    await user.click(within(dialog).getByRole('button', { name: 'Avvis' }));
    await expect(result).resolves.toEqual({ error: 'authentication_required' });
    expect(calls).toEqual([{ action: 'authenticate', clientSecret: 'pi_9_secret', approve: false }]);
  });
});
