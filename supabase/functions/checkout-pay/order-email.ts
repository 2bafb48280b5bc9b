/** The buyer's order confirmation (Norwegian), from the seller, with the receipt page's link. */
import { type EmailContent, renderEmail, sentByOrganization } from '../_shared/email-layout.ts';
import { formatNok } from '../_shared/receipt-email.ts';
import type { OrderConfirmation } from './handler.ts';

export function orderConfirmationEmail(input: OrderConfirmation & { receiptLink: string }): EmailContent {
  const first = input.name?.trim().split(/\s+/)[0];
  return renderEmail({
    subject: `Ordrebekreftelse ${input.number}: ${input.checkoutName}`,
    preheader: `Takk for kjøpet! ${formatNok(input.totalOre)} er betalt.`,
    sender: { name: input.sellerName, contact: input.sellerContact },
    heading: 'Takk for kjøpet!',
    body: [
      first ? `Hei ${first},` : 'Hei,',
      `Vi har mottatt bestillingen din hos ${input.sellerName}.`,
      {
        rows: [
          ['Ordrenummer', String(input.number)],
          ...input.lines.map((line) => [`${line.quantity} ×`, line.description] as const),
          ['Betalt', `${formatNok(input.totalOre)} inkl. mva.`],
        ],
      },
    ],
    button: { label: 'Se kvitteringen', href: input.receiptLink },
    after: ['Lenken er personlig. Ta vare på e-posten: kvitteringen viser hva du kjøpte og mva.'],
    why: `Du får denne e-posten fordi du kjøpte ${input.checkoutName} hos ${input.sellerName}.`,
    signature: sentByOrganization(input.sellerName),
  });
}
