import { runInNewContext } from 'node:vm';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { signInFiles, signInPreloadScript } from './sign-in-preload.ts';

const ROOT = '/repo';

/** A chunk as the bundle holds it: only the fields the plugin reads. */
function chunk(
  fileName: string,
  options: { module?: string; imports?: string[]; css?: string[]; entry?: boolean } = {},
) {
  return {
    type: 'chunk',
    fileName,
    isEntry: options.entry ?? false,
    facadeModuleId: options.module ? `${ROOT}/${options.module}` : null,
    imports: options.imports ?? [],
    viteMetadata: { importedCss: new Set(options.css ?? []), importedAssets: new Set() },
  };
}

function bundleOf(...chunks: ReturnType<typeof chunk>[]) {
  return Object.fromEntries(chunks.map((item) => [item.fileName, item])) as unknown as Rolldown.OutputBundle;
}

const bundle = bundleOf(
  chunk('assets/index.js', { module: 'src/main.tsx', imports: ['assets/react.js'], entry: true }),
  chunk('assets/react.js'),
  chunk('assets/start-app.js', {
    module: 'src/app/start-app.tsx',
    imports: ['assets/react.js', 'assets/router.js'],
    css: ['assets/start-app.css'],
  }),
  chunk('assets/router.js', { imports: ['assets/react.js'] }),
  chunk('assets/sign-in.js', {
    module: 'src/features/auth/routes/sign-in.tsx',
    imports: ['assets/router.js', 'assets/fields.js'],
  }),
  chunk('assets/fields.js', { css: ['assets/fields.css'] }),
  chunk('assets/public-layout.js', { module: 'src/app/layouts/public-layout.tsx' }),
  chunk('assets/nb.js', { module: 'src/features/auth/locales/nb.json' }),
  chunk('assets/en.js', { module: 'src/features/auth/locales/en.json' }),
  chunk('assets/dashboard.js', {
    module: 'src/features/leads/routes/dashboard.tsx',
    imports: ['assets/router.js'],
  }),
);

describe('signInFiles', () => {
  it('lists what /auth loads after the entry: the start-up, the screen and the layout with their imports and CSS', () => {
    const files = signInFiles(bundle, ROOT);
    expect(files.scripts.sort()).toEqual(
      [
        'assets/fields.js',
        'assets/public-layout.js',
        'assets/router.js',
        'assets/sign-in.js',
        'assets/start-app.js',
      ].sort(),
    );
    expect(files.styles.sort()).toEqual(['assets/fields.css', 'assets/start-app.css']);
    expect(files.locales).toEqual({ nb: 'assets/nb.js', en: 'assets/en.js' });
  });

  it('fails the build when a module of the path is no chunk of its own', () => {
    const withoutLayout = { ...bundle };
    delete withoutLayout['assets/public-layout.js'];
    expect(() => signInFiles(withoutLayout, ROOT)).toThrow(/public-layout\.tsx/);
  });
});

describe('signInPreloadScript', () => {
  const files = signInFiles(bundle, ROOT);

  /** Runs the inline script on a page at `pathname` and returns the links it added. */
  function run(pathname: string, storage: () => string | null = () => null) {
    const links: Record<string, string>[] = [];
    const document = {
      createElement: () => ({}),
      head: { appendChild: (link: Record<string, string>) => links.push({ ...link }) },
    };
    const localStorage = { getItem: storage };
    const frames: (() => void)[] = [];
    runInNewContext(signInPreloadScript(files, '/base/'), {
      location: { pathname },
      document,
      localStorage,
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void) => callback(),
    });
    // The stylesheets go in at once (they hold the first paint); the scripts after that paint.
    expect(links.every((link) => link.rel === 'stylesheet')).toBe(true);
    for (const frame of frames) frame();
    return links;
  }

  it('asks for every file on /auth, with or without a trailing slash', () => {
    for (const pathname of ['/auth', '/auth/']) {
      const links = run(pathname);
      expect(links).toContainEqual({
        rel: 'modulepreload',
        crossOrigin: '',
        href: '/base/assets/start-app.js',
      });
      expect(links).toContainEqual({
        rel: 'stylesheet',
        blocking: 'render',
        crossOrigin: '',
        href: '/base/assets/fields.css',
      });
      expect(links).toHaveLength(files.scripts.length + files.styles.length + 1);
    }
  });

  it('takes the strings in the stored language, else Norwegian', () => {
    const hrefs = (storage: () => string | null) => run('/auth', storage).map((link) => link.href);
    expect(hrefs(() => 'en')).toContain('/base/assets/en.js');
    expect(hrefs(() => 'en')).not.toContain('/base/assets/nb.js');
    expect(hrefs(() => 'xx')).toContain('/base/assets/nb.js');
    expect(
      hrefs(() => {
        throw new Error('storage blocked');
      }),
    ).toContain('/base/assets/nb.js');
  });

  it('asks for nothing on other pages', () => {
    for (const pathname of ['/', '/calendar/iframe', '/auth/management', '/authx'])
      expect(run(pathname)).toEqual([]);
  });
});
