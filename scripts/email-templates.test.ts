import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authTemplates, TEMPLATES_FOLDER } from './lib/auth-email-templates.ts';

describe("GoTrue's e-mail templates", () => {
  const templates = authTemplates();

  it.each(Object.entries(templates))('%s.html is what the shared e-mail layout makes of it', (kind, html) => {
    const file = readFileSync(path.join(process.cwd(), TEMPLATES_FOLDER, `${kind}.html`), 'utf8');
    // On a difference: `npm run emails:templates`.
    expect(file).toBe(html);
  });

  it('pass only Go actions through unescaped: every placeholder is replaced', () => {
    for (const [kind, html] of Object.entries(templates)) {
      expect(html, kind).not.toMatch(/GOACTION\d/);
      expect(html, kind).toContain('{{ .Email }}');
      expect(html, kind).toMatch(/<html lang="nb">/);
      expect(html, kind).toMatch(/<div style="display: none;[^"]*">[^<&]{10,}/);
    }
  });

  it('hold the card to 600 px in Outlook desktop (which ignores max-width) and fit a 360 px phone', () => {
    for (const [kind, html] of Object.entries(templates)) {
      const open = html.indexOf('<!--[if mso]><table role="presentation" width="600"');
      const card = html.indexOf('style="max-width: 600px;');
      const close = html.indexOf('<!--[if mso]></td></tr></table><![endif]-->');
      expect(open, kind).toBeGreaterThan(-1);
      // The fixed table wraps the card; elsewhere the card is 100 % wide up to 600 px.
      expect(card, kind).toBeGreaterThan(open);
      expect(close, kind).toBeGreaterThan(card);
      expect(html.slice(card - 120, card), kind).toContain('width="100%"');
      expect(html, kind).toContain('<meta name="viewport" content="width=device-width, initial-scale=1" />');
    }
  });
});
