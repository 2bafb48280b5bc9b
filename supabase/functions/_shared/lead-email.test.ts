import assert from 'node:assert/strict';
import { EMAIL_COLOURS } from './email-layout.ts';
import { leadBoughtEmail, listingSoldEmail } from './lead-email.ts';

const bought = {
  title: 'Nytt bad i Bergen',
  buyerOrganizationName: 'Fjord Rør AS',
  marketplaceName: 'Håndverkertorget',
  leadName: null,
  price: '1 klipp',
  link: 'https://example.no/leads/lead/1',
};

Deno.test('the lead e-mails carry the marketplace’s name and colour, else Leadtorget’s colour', () => {
  const branded = leadBoughtEmail({ ...bought, marketplaceColor: '#0f766e' });
  assert.ok(branded.html.includes('background-color: #0f766e'));
  assert.ok(branded.html.includes('Håndverkertorget'));
  const plain = leadBoughtEmail(bought);
  assert.ok(plain.html.includes(`background-color: ${EMAIL_COLOURS.primary}`));

  const sold = listingSoldEmail({
    ...bought,
    sellerOrganizationName: 'Nordlys Elektro AS',
    buyersCount: 1,
    maxBuyers: 2,
    marketplaceColor: '#0f766e',
  });
  assert.ok(sold.html.includes('background-color: #0f766e'));
});
