const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CARD_PAYMENT_REFERENCE = new RegExp(`^card_payment (${UUID})`, 'i');
const LEAD_CARD_REFERENCE = new RegExp(`^lead_purchase (${UUID}) card`, 'i');

/** How a ledger row names its card payment: 'card_payment <id>' (packs, refunds) or a card-paid lead. */
export function referenceOf(
  reference: string | null,
): { paymentId: string } | { leadPurchaseId: string } | null {
  if (!reference) return null;
  const pack = CARD_PAYMENT_REFERENCE.exec(reference);
  if (pack?.[1]) return { paymentId: pack[1].toLowerCase() };
  const lead = LEAD_CARD_REFERENCE.exec(reference);
  if (lead?.[1]) return { leadPurchaseId: lead[1].toLowerCase() };
  return null;
}
