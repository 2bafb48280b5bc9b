import assert from 'node:assert/strict';
import { linkHtml, PLATFORM_NAME, renderLayout, sentBy } from './email-layout.ts';

const layout = (brand: string) =>
  renderLayout({
    brand,
    heading: 'Hei',
    paragraphs: ['Tekst'],
    button: { label: 'Åpne', href: 'https://example.no/' },
    footer: 'Du får denne e-posten fordi du ba om den.',
  });

Deno.test('every footer says who sent the e-mail after why it came', () => {
  const own = layout(PLATFORM_NAME);
  assert.ok(
    own.includes(
      'Du får denne e-posten fordi du ba om den.<br /><br />Sendt av Leadtorget, markedsplassen der bedrifter kjøper og selger leads.',
    ),
  );
  const marketplace = layout('Håndverkertorget');
  assert.ok(
    marketplace.includes('Sendt av Håndverkertorget, en markedsplass for leads som drives på Leadtorget.'),
  );
});

Deno.test('a marketplace named Leadtorget is the platform itself: no «Leadtorget bruker Leadtorget»', () => {
  assert.equal(
    sentBy('Leadtorget'),
    'Sendt av Leadtorget, markedsplassen der bedrifter kjøper og selger leads.',
  );
  assert.ok(!layout('Leadtorget').includes('bruker Leadtorget'));
});

Deno.test('the sender line is escaped like everything else in the HTML', () => {
  assert.ok(layout('<b>Torget</b>').includes('Sendt av &lt;b&gt;Torget&lt;/b&gt;'));
});

Deno.test(
  'linkHtml: a URL shown as itself may break anywhere (360 px); a labelled link wraps as text',
  () => {
    assert.equal(
      linkHtml('https://app.example/a?b=1&c="2"'),
      '<a href="https://app.example/a?b=1&amp;c=&quot;2&quot;" style="color: #1d4ed8; word-break: break-all">https://app.example/a?b=1&amp;c=&quot;2&quot;</a>',
    );
    assert.equal(
      linkHtml('https://app.example/x', 'Meld deg av <nå>'),
      '<a href="https://app.example/x" style="color: #1d4ed8">Meld deg av &lt;nå&gt;</a>',
    );
  },
);
