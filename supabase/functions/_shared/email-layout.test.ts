import assert from 'node:assert/strict';
import { confirmationEmail, reminderEmail } from '../campaign-jobs/email.ts';
import { invitationEmail } from '../invite-member/email.ts';
import { newListingEmail } from '../notify-listing/email.ts';
import { magicLinkEmail } from '../request-magic-link/email.ts';
import {
  contrastRatio,
  EMAIL_COLOURS,
  marketplaceColour,
  type EmailInput,
  MIN_TEXT_CONTRAST,
  paletteOf,
  PLATFORM_NAME,
  renderEmail,
  sentBy,
  sentByOrganization,
} from './email-layout.ts';
import { leadBoughtEmail, listingSoldEmail } from './lead-email.ts';
import { leadErasureEmail } from './lead-erasure-email.ts';
import { receiptEmail } from './receipt-email.ts';
import { sampleCreditNote, sampleReceipt } from './receipt-fake.ts';

const input = (overrides: Partial<EmailInput> = {}): EmailInput => ({
  subject: 'Emne',
  preheader: 'Forhåndsvisning',
  sender: { name: PLATFORM_NAME },
  heading: 'Hei',
  body: ['Tekst'],
  button: { label: 'Åpne', href: 'https://example.no/' },
  why: 'Du får denne e-posten fordi du ba om den.',
  signature: sentBy(PLATFORM_NAME),
  ...overrides,
});

Deno.test('the frame: lang="nb", the subject as title, a hidden preheader, fluid up to 600 px', () => {
  const { html } = renderEmail(input());
  assert.match(html, /^<!doctype html>\n<html lang="nb">/);
  assert.ok(html.includes('<title>Emne</title>'));
  assert.ok(html.includes('<meta name="viewport" content="width=device-width, initial-scale=1" />'));
  assert.match(html, /<div style="display: none;[^"]*">Forhåndsvisning/);
  assert.ok(html.indexOf('Forhåndsvisning') < html.indexOf('<table'), 'the preheader comes first');
  assert.ok(html.includes('width="100%"') && html.includes('max-width: 600px'));
  // Outlook's Word engine knows no max-width: a fixed 600 px table for it alone.
  assert.ok(html.includes('<!--[if mso]><table role="presentation" width="600"'));
  assert.ok(
    !/<img|<style|<link|https?:\/\/(?!example\.no)/.test(html),
    'no images, stylesheets or remote parts',
  );
});

Deno.test('everything interpolated is escaped: sender, texts, links, contact, preheader', () => {
  const evil = '<img src=x onerror=alert(1)> & "Co"';
  const { html, text } = renderEmail(
    input({
      subject: evil,
      preheader: evil,
      sender: { name: evil, contact: 'a"b@example.no' },
      heading: evil,
      body: [
        evil,
        [{ code: evil }],
        [{ strong: evil }, { href: 'https://x.no/?a=1&b="2"', label: evil }],
        { rows: [[evil, evil]] },
      ],
      button: { label: evil, href: 'https://x.no/"><script>alert(1)</script>' },
      after: [evil],
      why: evil,
      links: [{ label: evil, href: 'https://x.no/u?t=1&u=2' }],
      signature: evil,
    }),
  );
  assert.ok(!html.includes('<img'));
  assert.ok(!html.includes('<script'));
  assert.ok(!html.includes('"Co"'));
  assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;'));
  assert.ok(html.includes('href="https://x.no/?a=1&amp;b=&quot;2&quot;"'));
  assert.ok(html.includes('href="https://x.no/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"'));
  assert.ok(html.includes('href="mailto:a&quot;b@example.no"'));
  // The text part is plain text: as written, never entity-encoded.
  assert.ok(text.includes(evil));
  assert.ok(!text.includes('&amp;'));
});

Deno.test("paletteOf: the organization's colour with the text that reads on it, else Leadtorget's", () => {
  const own = { brand: EMAIL_COLOURS.primary, onBrand: EMAIL_COLOURS.onPrimary, link: EMAIL_COLOURS.primary };
  // Dark: white text, and links in the colour too.
  assert.deepEqual(paletteOf('#0F766E'), { brand: '#0f766e', onBrand: '#ffffff', link: '#0f766e' });
  // Light: dark text on it; too light for links on white, so links stay Leadtorget's.
  assert.deepEqual(paletteOf('#fde047'), {
    brand: '#fde047',
    onBrand: EMAIL_COLOURS.text,
    link: EMAIL_COLOURS.primary,
  });
  // Mid grey: neither white (4.48:1) nor dark text reaches 4.5:1.
  assert.ok(contrastRatio('#ffffff', '#777777') < MIN_TEXT_CONTRAST);
  assert.ok(contrastRatio(EMAIL_COLOURS.text, '#777777') < MIN_TEXT_CONTRAST);
  assert.deepEqual(paletteOf('#777777'), own);
  for (const value of [null, undefined, '', 'red', '#fff', '#12345g', 'url(x)', '#0f766e; x: y']) {
    assert.deepEqual(paletteOf(value), own, String(value));
  }
});

Deno.test('every palette reads at ≥ 4.5:1 whatever colour an organization picks', () => {
  for (let value = 0; value < 0x1000000; value += 0x0f0f0f + 0x010101 * (value % 3)) {
    const palette = paletteOf(`#${value.toString(16).padStart(6, '0')}`);
    assert.ok(contrastRatio(palette.onBrand, palette.brand) >= MIN_TEXT_CONTRAST, palette.brand);
    assert.ok(contrastRatio(palette.link, EMAIL_COLOURS.surface) >= MIN_TEXT_CONTRAST, palette.brand);
  }
});

Deno.test("the header and button take the sender's colour; a low-contrast one falls back", () => {
  const teal = renderEmail(input({ sender: { name: 'Fjord Rør AS', color: '#0f766e' } })).html;
  assert.match(teal, /<td bgcolor="#0f766e" style="[^"]*color: #ffffff;[^"]*">Fjord Rør AS<\/td>/);
  assert.match(teal, /<td bgcolor="#0f766e"[^>]*>\s*<a href="https:\/\/example\.no\/"[^>]*color: #ffffff/);
  const yellow = renderEmail(input({ sender: { name: 'Gul AS', color: '#fde047' } })).html;
  assert.match(yellow, /<td bgcolor="#fde047" style="[^"]*color: #1a1d23;[^"]*">Gul AS<\/td>/);
  const grey = renderEmail(input({ sender: { name: 'Grå AS', color: '#777777' } })).html;
  assert.ok(!grey.includes('#777777'));
  assert.ok(grey.includes(`bgcolor="${EMAIL_COLOURS.primary}"`));
});

Deno.test('the footer: why, the person’s links, the contact, who sent it — in both parts', () => {
  const { html, text } = renderEmail(
    input({
      sender: { name: 'Fjord Rør AS', contact: 'post@fjordror.no' },
      links: [{ label: 'Meld deg av', href: 'https://x.no/u?id=1&t=2' }],
      signature: sentByOrganization('Fjord Rør AS'),
    }),
  );
  const footer = html.slice(html.indexOf('border-top'));
  assert.ok(footer.includes('Du får denne e-posten fordi du ba om den.'));
  assert.ok(footer.includes('href="https://x.no/u?id=1&amp;t=2"'));
  assert.ok(footer.includes('<a href="mailto:post@fjordror.no"'));
  assert.ok(footer.includes('Sendt av Fjord Rør AS med Leadtorget.'));
  assert.ok(
    text.endsWith(
      '\n\n-- \nDu får denne e-posten fordi du ba om den.\nMeld deg av: https://x.no/u?id=1&t=2\nSpørsmål? Kontakt Fjord Rør AS på post@fjordror.no.\nSendt av Fjord Rør AS med Leadtorget.\n',
    ),
  );
  // No contact, no line.
  assert.ok(!renderEmail(input()).text.includes('Spørsmål?'));
});

Deno.test('the text part: heading, paragraphs, the button as label and link, rows as lines', () => {
  const { text } = renderEmail(
    input({
      body: [
        'Hei,',
        ['Du er med i ', { strong: 'Jul' }, '. Se ', { href: 'https://x.no/k' }],
        {
          rows: [
            ['Pris', '2 klipp'],
            ['Område', 'Bergen'],
          ],
        },
      ],
      after: [['Til ', { href: 'https://x.no/a', label: 'siden' }, '.']],
    }),
  );
  assert.equal(
    text,
    [
      'Hei',
      '',
      'Hei,',
      '',
      'Du er med i Jul. Se https://x.no/k',
      '',
      'Pris: 2 klipp',
      'Område: Bergen',
      '',
      'Åpne: https://example.no/',
      '',
      'Til siden (https://x.no/a).',
      '',
      '-- ',
      'Du får denne e-posten fordi du ba om den.',
      'Sendt av Leadtorget, markedsplassen der bedrifter kjøper og selger leads.',
      '',
    ].join('\n'),
  );
});

Deno.test('every footer says who sent it; a marketplace named Leadtorget is the platform itself', () => {
  assert.equal(
    sentBy('Leadtorget'),
    'Sendt av Leadtorget, markedsplassen der bedrifter kjøper og selger leads.',
  );
  assert.equal(
    sentBy('Håndverkertorget'),
    'Sendt av Håndverkertorget, en markedsplass for leads som drives på Leadtorget.',
  );
  assert.equal(sentByOrganization('Fjord Rør AS'), 'Sendt av Fjord Rør AS med Leadtorget.');
});

Deno.test("the e-mail colours are Leadtorget's light tokens (src/styles/tokens.css)", async () => {
  const css = await Deno.readTextFile(new URL('../../../src/styles/tokens.css', import.meta.url));
  const light = css.slice(0, css.indexOf('}'));
  const token = (name: string) =>
    new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(light)?.[1]?.toLowerCase();
  assert.deepEqual(EMAIL_COLOURS, {
    surfaceMuted: token('surface-muted'),
    surface: token('surface'),
    text: token('text'),
    textMuted: token('text-muted'),
    border: token('border'),
    primary: token('primary'),
    onPrimary: token('on-primary'),
  });
});

/** One of every e-mail the functions send. */
const senders = {
  leadBought: leadBoughtEmail({
    title: 'Bad',
    buyerOrganizationName: 'Kjøper AS',
    marketplaceName: 'Torget',
    leadName: null,
    price: '1 klipp',
    link: 'https://app.test/leads/lead/1',
  }),
  listingSold: listingSoldEmail({
    title: 'Bad',
    sellerOrganizationName: 'Selger AS',
    buyerOrganizationName: 'Kjøper AS',
    marketplaceName: 'Torget',
    buyersCount: 1,
    maxBuyers: 2,
    price: '1 klipp',
    link: 'https://app.test/leads/lead/1',
  }),
  leadErasure: leadErasureEmail({
    title: 'Bad',
    buyerOrganizationName: 'Kjøper AS',
    marketplaceName: 'Torget',
    purchasedAt: new Date('2026-11-20T10:00:00Z'),
    requestedAt: new Date('2026-12-03T10:00:00Z'),
    link: 'https://app.test/leads/lead/1',
  }),
  receipt: receiptEmail(sampleReceipt(), 'https://app.test/payments'),
  creditNote: receiptEmail(sampleCreditNote(9950), 'https://app.test/kasse/kvittering?ordre=1&token=t', {
    creditedNumber: 7,
  }),
  invitation: invitationEmail({
    email: 'ny@example.no',
    link: 'https://app.test/invite',
    organizationName: 'Kjøper AS',
    inviterName: 'Eva',
    role: 'member',
  }),
  magicLink: magicLinkEmail({ email: 'ny@example.no', link: 'https://app.test/auth', marketplaceName: null }),
  newListing: newListingEmail({
    title: 'Bad',
    category: 'Rør',
    area: 'Bergen',
    marketplaceName: 'Torget',
    priceTickets: 1,
    priceCredits: 0,
    priceOre: 0,
    link: 'https://app.test/leads/marketplace/1',
  }),
  confirmation: confirmationEmail({
    calendarName: 'Jul',
    sender: { organizationName: 'Fjord AS', color: '#0f766e', contactEmail: 'post@fjord.no' },
    name: null,
    participationLink: 'https://app.test/calendar/participation?id=1&token=t',
    calendarLink: 'https://app.test/calendar/1',
  }),
  reminder: reminderEmail({
    calendarName: 'Jul',
    sender: { organizationName: 'Fjord AS', color: '#0f766e', contactEmail: 'post@fjord.no' },
    name: null,
    dayNumber: 2,
    doorOpensAt: new Date('2026-12-02T07:00:00Z'),
    now: new Date('2026-12-02T06:00:00Z'),
    doorLink: 'https://app.test/calendar/1/2',
    unsubscribeLink: 'https://app.test/calendar/participation?id=1&token=t&unsubscribe=1',
  }),
};

Deno.test('every e-mail the functions send is the one layout, with a text part and a preheader', () => {
  const frame = renderEmail(input()).html;
  const skeleton = (html: string) => html.slice(0, html.indexOf('<title>'));
  for (const [name, mail] of Object.entries(senders)) {
    assert.equal(skeleton(mail.html), skeleton(frame), name);
    assert.match(mail.html, /<div style="display: none;[^"]*">[^<&]{10,}/, `${name}: a preheader`);
    assert.ok(mail.html.includes('Virker ikke knappen?'), `${name}: the button and its link`);
    assert.match(
      mail.text,
      /\n-- \nDu får denne (e-posten|påminnelsen) fordi [^\n]+\n(.+\n)*Sendt av [^\n]+\n$/,
      name,
    );
  }
});

Deno.test('no function writes its own e-mail frame: only email-layout.ts has <html> or <table>', async () => {
  // Test doubles (the fake image API answers an HTML error page) are not e-mails.
  const skip = (name: string) =>
    name.endsWith('.test.ts') || name.endsWith('-fake.ts') || name === 'email-layout.ts';
  const root = new URL('../', import.meta.url);
  const offenders: string[] = [];
  const walk = async (folder: URL) => {
    for await (const entry of Deno.readDir(folder)) {
      const path = new URL(entry.name + (entry.isDirectory ? '/' : ''), folder);
      if (entry.isDirectory) await walk(path);
      else if (entry.name.endsWith('.ts') && !skip(entry.name)) {
        if (/<html|<table|<body/i.test(await Deno.readTextFile(path))) offenders.push(path.pathname);
      }
    }
  };
  await walk(root);
  assert.deepEqual(offenders, []);
});

Deno.test('marketplaceColour: a marketplace’s #rrggbb from its branding, else none', () => {
  assert.equal(marketplaceColour({ primaryColor: '#0F766E' }), '#0F766E');
  for (const branding of [{}, null, undefined, 'x', { primaryColor: 'red' }, { primaryColor: '#12345' }])
    assert.equal(marketplaceColour(branding), null);
});
