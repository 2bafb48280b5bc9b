import { contrastRatio } from '@/lib/contrast';

/*
 * Every text token on the backgrounds it is used on reads at WCAG AA (≥ 4.5:1), in the light theme and
 * the dark one. The pairs are the ones the stylesheets combine; a new text or background token adds
 * its pairs here.
 */

// The app tsconfig has no Node types: fs comes through an untyped dynamic import.
const fsModule = 'node:fs';
const { readFileSync } = (await import(/* @vite-ignore */ fsModule)) as {
  readFileSync: (path: string, encoding: 'utf8') => string;
};
// Vitest runs from the repository's root.
const css = readFileSync('src/styles/tokens.css', 'utf8');

/** The `--color-*: #hex` declarations of one rule's block. */
function colours(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('\n}', start));
  return new Map(
    [...block.matchAll(/--(color-[a-z-]+):\s*(#[0-9a-f]{6})\b/gi)].map(([, name = '', value = '']) => [
      name,
      value,
    ]),
  );
}

const light = colours(':root');
const themes = { light, dark: new Map([...light, ...colours("[data-theme='dark']")]) };

const contrast = (a: string, b: string) => contrastRatio(a, b) ?? 0;

const BACKGROUNDS = ['color-bg', 'color-surface', 'color-surface-muted'];
const PAIRS: [text: string, background: string][] = [
  ...['color-text', 'color-text-muted', 'color-primary', 'color-danger', 'color-success'].flatMap((text) =>
    BACKGROUNDS.map((background): [string, string] => [text, background]),
  ),
  ['color-text', 'color-primary-soft'],
  ['color-primary', 'color-primary-soft'],
  ['color-danger', 'color-danger-soft'],
  ['color-success', 'color-success-soft'],
  ['color-on-primary', 'color-primary'],
  ['color-on-primary', 'color-primary-hover'],
  ['color-on-danger', 'color-danger'],
  ['color-on-danger', 'color-danger-hover'],
  ['color-warning-text', 'color-warning-surface'],
  ['color-badge-text', 'color-badge-surface'],
];

describe('design tokens', () => {
  describe.each(Object.entries(themes))('%s theme', (_, tokens) => {
    it.each(PAIRS)('%s on %s is at least 4.5:1', (text, background) => {
      const foreground = tokens.get(text);
      const ground = tokens.get(background);
      expect(foreground, text).toBeDefined();
      expect(ground, background).toBeDefined();
      expect(contrast(foreground ?? '', ground ?? '')).toBeGreaterThanOrEqual(4.5);
    });
  });
});
