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
});
