import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { notify } from '@/components/notification-store';
import { PriceWithVat } from '@/components/price-with-vat';
import { accountKeys } from '@/lib/account/queries';
import { errorMessage } from '@/lib/error-message';
import { formatMoney } from '@/lib/format';
import { withVat } from '@/lib/pricing';
import { loadCardClient, type CardClient, type CardProvider } from '../../card';
import { brandName } from '../../card/brand';
import { organizationDataFilter } from '../../setup/api';
import {
  balanceKey,
  buyPack,
  confirmPack,
  PACK_ERROR_CODES,
  PackPurchaseError,
  type BuyAnswer,
  type Pack,
  type SavedCard,
} from '../api';
import styles from '../overview.module.css';
import { packName } from '../pack-name';

type Method = 'saved' | 'new';
/** The new card's payment, once payments-pack made it: the card fields confirm this intent. */
type Intent = { paymentId: string; clientSecret: string; client: CardClient };
type Result = { status: 'succeeded' | 'processing' } | { status: 'card-step'; intent: Intent };

/** The local provider's client secrets (supabase/functions/_shared/payments.ts) say which provider made them. */
function providerOf(answer: Extract<BuyAnswer, { status: 'requires_action' }>): CardProvider {
  if (answer.provider) return answer.provider;
  return /^pi_local_|_secret_local$/.test(answer.clientSecret) ? 'local' : 'stripe';
}

/** A card step's refusal as a purchase error: the server said no, so nothing was charged. */
const refused = (code: PackPurchaseError['code']) => new PackPurchaseError(code, true);

/**
 * Buying one pack (docs/payments.md «payments-pack»): the price with its VAT, the saved card or a
 * new one, 3-D Secure when the bank asks, then `confirm`. One purchase attempt has one requestId,
 * kept across retries (a double click, a lost answer) so the server buys at most once; only after the
 * server refused the attempt does the next try get a new one.
 */
export function BuyPackDialog({
  organizationId,
  pack,
  savedCard,
  onClose,
}: {
  organizationId: string;
  pack: Pack;
  savedCard: SavedCard | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const cardFieldsId = useId();
  const requestId = useRef<string>(crypto.randomUUID());
  const running = useRef(false);
  const [method, setMethod] = useState<Method>(savedCard ? 'saved' : 'new');
  const [saveCard, setSaveCard] = useState(false);
  const [intent, setIntent] = useState<Intent | null>(null);
  const name = packName(t, pack);
  // The pack's price is eks. mva; the card pays it with 25 % MVA, shown before «Betal».
  const { totalOre } = withVat(pack.priceOre);

  /** Follows the server's answers to the end: 3-D Secure and `confirm` as often as the bank asks. */
  async function settle(answer: BuyAnswer, client: CardClient | null, rounds = 0): Promise<Result> {
    if (answer.status === 'succeeded' || answer.status === 'processing') return { status: answer.status };
    if (answer.status !== 'requires_action' || rounds > 2) throw refused('authentication_required');
    const cardClient = client ?? (await loadCardClient(providerOf(answer), answer.publishableKey ?? null));
    const outcome = await cardClient.handleNextAction(answer.clientSecret);
    if ('error' in outcome) throw refused(outcome.error);
    return settle(await confirmPack({ organizationId, paymentId: answer.paymentId }), cardClient, rounds + 1);
  }

  async function start(): Promise<Result> {
    const base = { organizationId, kind: pack.kind, packId: pack.id, requestId: requestId.current };
    if (method === 'saved') return settle(await buyPack({ ...base, card: 'saved' }), null);
    const answer = await buyPack({ ...base, card: 'new', saveCard });
    if (answer.status !== 'requires_confirmation') return settle(answer, null);
    const client = await loadCardClient(answer.provider, answer.publishableKey);
    return {
      status: 'card-step',
      intent: { paymentId: answer.paymentId, clientSecret: answer.clientSecret, client },
    };
  }

  async function pay(current: Intent): Promise<Result> {
    let outcome = await current.client.confirmPayment(current.clientSecret, { saveCard });
    if ('status' in outcome && outcome.status === 'requires_action')
      outcome = await current.client.handleNextAction(current.clientSecret);
    if ('error' in outcome) throw refused(outcome.error);
    return settle(await confirmPack({ organizationId, paymentId: current.paymentId }), current.client);
  }

  const purchase = useMutation({
    mutationFn: (current: Intent | null) => (current ? pay(current) : start()),
    onSuccess: async (result) => {
      if (result.status === 'card-step') {
        setIntent(result.intent);
        return;
      }
      notify(
        result.status === 'succeeded'
          ? { message: t('overview.buy.succeeded', { name }), tone: 'success' }
          : { message: t('overview.buy.processing', { name }), tone: 'info', duration: 10_000 },
      );
      onClose();
      await Promise.all([
        // The overview, the saved card (a new card may have been saved) and the shared balance.
        queryClient.invalidateQueries(organizationDataFilter(organizationId)),
        queryClient.invalidateQueries({ queryKey: balanceKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: accountKeys.marketplaceStatuses(organizationId) }),
      ]);
    },
    onError: (error, current) => {
      // Refused before a card step existed: this attempt is over, the next click is a new purchase.
      // A lost answer (network, 5xx) keeps the requestId, so trying again cannot buy twice.
      if (!current && error instanceof PackPurchaseError && error.definitive)
        requestId.current = crypto.randomUUID();
    },
    onSettled: () => {
      running.current = false;
    },
  });

  // The card fields appear after payments-pack made the payment: put the cursor in them.
  useEffect(() => {
    if (intent) document.getElementById(cardFieldsId)?.focus();
  }, [intent, cardFieldsId]);

  function submit() {
    // A second click before the first answer (or before React re-rendered the disabled button) is ignored.
    if (running.current) return;
    running.current = true;
    purchase.mutate(intent);
  }

  const message = purchase.error
    ? purchase.error instanceof PackPurchaseError &&
      (PACK_ERROR_CODES as readonly string[]).includes(purchase.error.code)
      ? t(`overview.buy.errors.${purchase.error.code as (typeof PACK_ERROR_CODES)[number]}`)
      : errorMessage(purchase.error)
    : null;
  const pending = purchase.isPending;
  const CardFields = intent?.client.CardFields;

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={t('overview.buy.title', { name })}
      description={t('overview.buy.description', { name, marketplace: pack.marketplaceName })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('overview.buy.cancel')}
          </Button>
          <Button onClick={submit} loading={pending}>
            {method === 'new' && !intent ? t('overview.buy.continue') : t('overview.buy.pay')}
          </Button>
        </>
      }
    >
      <PriceWithVat netOre={pack.priceOre} />
      {intent && CardFields ? (
        <>
          <p className={styles.muted}>{t('overview.buy.newCardHint', { total: formatMoney(totalOre) })}</p>
          <CardFields id={cardFieldsId} disabled={pending} />
        </>
      ) : (
        <fieldset className={styles.choice} disabled={pending}>
          <legend>{t('overview.buy.method')}</legend>
          {savedCard ? (
            <label className={styles.radio}>
              <input
                type="radio"
                name="method"
                value="saved"
                checked={method === 'saved'}
                onChange={() => setMethod('saved')}
              />
              {t('overview.buy.savedCard', { brand: brandName(savedCard.brand), last4: savedCard.last4 })}
            </label>
          ) : (
            <p className={styles.muted}>{t('overview.buy.noSavedCard')}</p>
          )}
          <label className={styles.radio}>
            <input
              type="radio"
              name="method"
              value="new"
              checked={method === 'new'}
              onChange={() => setMethod('new')}
            />
            {t('overview.buy.newCard')}
          </label>
          {method === 'new' ? (
            <label className={styles.checkbox}>
              <input
                type="checkbox"
                checked={saveCard}
                onChange={(event) => setSaveCard(event.target.checked)}
              />
              {t('overview.buy.saveCard')}
            </label>
          ) : null}
        </fieldset>
      )}
      {message ? (
        <p role="alert" className={styles.formError}>
          {message}
        </p>
      ) : null}
    </Dialog>
  );
}
