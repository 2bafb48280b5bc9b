import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { type EmailKind, managementModes } from '../contracts.ts';
import { decodeEntities } from './html-text.ts';
import {
  emailKinds,
  emailMessage,
  emailSubjects,
  formatDuration,
  renderEmail,
  renderSms,
  smsMessage,
  type EmailVars,
} from './templates.ts';

const vars: EmailVars = {
  siteUrl: 'http://localhost:5173',
  token: '123456',
  tokenHash: 'pkce_0123456789abcdef0123456789abcdef0123456789abcdef01234567',
  email: 'ola@example.com',
  newEmail: 'ny@example.com',
};

/** The GoTrue verify type each e-mail's link must lead to (via the app's management mode). */
const verifyTypes: Partial<Record<EmailKind, string>> = {
  confirmation: 'signup',
  magic_link: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
  invite: 'invite',
};

function links(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => decodeEntities(match[1]!));
}

describe('renderEmail', () => {
  it.each(emailKinds)('%s: Norwegian, branded, with its subject, a reason and how to ignore it', (kind) => {
    const email = renderEmail(kind, vars);
    expect(email.subject).toBe(emailSubjects[kind]);
    expect(email.html).toMatch(/^<!doctype html>\s*<html lang="nb">/);
    expect(email.html).toContain('Leadtorget');
    expect(email.html).toContain(`<title>${emailSubjects[kind]}</title>`);
    expect(email.html).toContain('Du får denne e-posten fordi');
    expect(email.html).toContain('kan du se bort fra e-posten');
    expect(email.html).not.toContain('{{');
    expect(email.html).not.toContain('<!--');
  });

  it.each(Object.entries(verifyTypes))(
    '%s: button and raw link go into the app with the right mode',
    (kind, type) => {
      const { html } = renderEmail(kind as EmailKind, vars);
      const hrefs = links(html);
      expect(hrefs).toHaveLength(2); // the button and the copyable link
      expect(new Set(hrefs).size).toBe(1);
      const url = new URL(hrefs[0]!);
      expect(url.origin + url.pathname).toBe('http://localhost:5173/auth/management');
      const mode = url.searchParams.get('mode') as keyof typeof managementModes;
      expect(managementModes[mode]).toBe(type);
      expect(url.searchParams.get('oobCode')).toBe(vars.tokenHash);
      expect(url.searchParams.has('redirect_to')).toBe(false);
      expect(html).not.toContain('/auth/v1/verify');
      // The raw link is visible as text, not only behind the button.
      expect(html).toContain(`>${hrefs[0]}</a>`);
    },
  );

  it('passes redirect_to url-encoded (Go urlquery) when there is one', () => {
    const redirectTo = 'http://localhost:5173/leads?tab=mine&side=2';
    const { html, text } = renderEmail('recovery', { ...vars, redirectTo });
    const [href] = links(html);
    expect(href).toContain('&redirect_to=http%3A%2F%2Flocalhost%3A5173%2Fleads%3Ftab%3Dmine%26side%3D2');
    expect(new URL(href!).searchParams.get('redirect_to')).toBe(redirectTo);
    expect(text).toContain(href);
  });

  it.each(emailKinds)('%s: shows the one-time code (verifyOtp with a token works for every type)', (kind) => {
    expect(renderEmail(kind, vars).html).toContain('>123456</strong>');
    expect(renderEmail(kind, vars).text).toMatch(/\b123456\b/);
  });

  it('reauthentication carries only the code, no link', () => {
    const { html, text } = renderEmail('reauthentication', vars);
    expect(links(html)).toEqual([]);
    expect(text).toContain('123456');
  });

  it('ends every e-mail with why it came and who sent it', () => {
    for (const kind of emailKinds) {
      const { text } = renderEmail(kind, vars);
      expect(text, kind).toMatch(
        /Du får denne e-posten fordi [^\n]+\n\nSendt av Leadtorget, markedsplassen der bedrifter kjøper og selger leads\.$/u,
      );
    }
  });

  it('email_change names both addresses', () => {
    const { html } = renderEmail('email_change', vars);
    expect(html).toContain('fra ola@example.com til ny@example.com');
  });

  it('escapes what users control: addresses and metadata', () => {
    const { html, text } = renderEmail('confirmation', {
      ...vars,
      email: `o'la+<x>@example.com`,
      data: { full_name: '<img src=x onerror=alert(1)> & Co' },
    });
    expect(html).toContain('Hei &lt;img src=x onerror=alert(1)&gt; &amp; Co,');
    expect(html).toContain('o&#39;la&#43;&lt;x&gt;@example.com');
    expect(html).not.toContain('<img');
    expect(text).toContain('Hei <img src=x onerror=alert(1)> & Co,');
    expect(text).toContain(`o'la+<x>@example.com`);
  });

  it('greets by name when user_metadata has one', () => {
    expect(renderEmail('magic_link', { ...vars, data: { full_name: 'Kari Nordmann' } }).text).toContain(
      'Hei Kari Nordmann,',
    );
    expect(renderEmail('magic_link', vars).text).toContain('Hei,');
  });

  it('has a readable plain-text alternative with the link once and the code', () => {
    const { text, html } = renderEmail('magic_link', vars);
    const [href] = links(html);
    expect(text).toMatchInlineSnapshot(`
      "Leadtorget

      Logg inn på Leadtorget

      Hei,

      Du har bedt om å logge inn på Leadtorget med ola@example.com. Trykk på knappen for å logge inn. Du trenger ikke passord.

      Logg inn

      Virker ikke knappen? Kopier denne lenken inn i nettleseren:
      http://localhost:5173/auth/management?mode=signIn&oobCode=pkce_0123456789abcdef0123456789abcdef0123456789abcdef01234567

      Eller skriv inn denne engangskoden i Leadtorget: 123456

      Lenken og koden kan bare brukes én gang og gjelder bare en kort stund.

      Du får denne e-posten fordi noen ba om å logge inn på Leadtorget med ola@example.com. Var det ikke deg, kan du se bort fra e-posten. Ingen blir logget inn uten lenken eller koden.

      Sendt av Leadtorget, markedsplassen der bedrifter kjøper og selger leads."
    `);
    expect(text.split(href!).length - 1).toBe(1);
    expect(text).not.toMatch(/<|&amp;|&#/);
  });

  it('emailMessage builds what mailer.send takes', () => {
    expect(emailMessage('invite', 'ola@example.com', vars)).toMatchObject({
      channel: 'email',
      kind: 'invite',
      to: 'ola@example.com',
      subject: 'Du er invitert til Leadtorget',
    });
  });
});

describe('config.toml', () => {
  it('points supabase start at the same templates with the same subjects', () => {
    const config = parse(readFileSync(new URL('../../config.toml', import.meta.url), 'utf8')) as {
      auth: { email: { template: Record<string, { subject: string; content_path: string }> } };
    };
    const templates = config.auth.email.template;
    expect(Object.keys(templates).sort()).toEqual([...emailKinds].sort());
    for (const kind of emailKinds) {
      expect(templates[kind]).toEqual({
        subject: emailSubjects[kind],
        content_path: `./supabase/templates/${kind}.html`,
      });
    }
  });
});

describe('SMS', () => {
  it('says the code and how long it lasts, in Norwegian', () => {
    expect(renderSms('sms_otp', '123456', 300)).toBe(
      'Koden din for Leadtorget er 123456. Den gjelder i 5 minutter.',
    );
    expect(renderSms('phone_change', '654321', 3600)).toBe(
      'Koden for å bekrefte nytt telefonnummer på Leadtorget er 654321. Den gjelder i 1 time.',
    );
    expect(smsMessage('sms_otp', '+4712345678', '123456', 60)).toEqual({
      channel: 'sms',
      kind: 'sms_otp',
      to: '+4712345678',
      text: 'Koden din for Leadtorget er 123456. Den gjelder i 1 minutt.',
    });
  });

  it('formats durations in the largest whole unit', () => {
    expect(formatDuration(1)).toBe('1 sekund');
    expect(formatDuration(90)).toBe('90 sekunder');
    expect(formatDuration(120)).toBe('2 minutter');
    expect(formatDuration(7200)).toBe('2 timer');
    expect(formatDuration(5400)).toBe('90 minutter');
  });
});
