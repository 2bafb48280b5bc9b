import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { earlyReads } from '../src/app/early-reads.ts';
import { EARLY_READS_GLOBAL, earlyReadKey } from '../src/lib/public/early-read.ts';
import { earlyReadScript, earlyReadTag, type EarlyStart, pageFiles } from './early-reads.ts';

const URL_ = 'https://abcd.supabase.co';
const KEY = 'anon-key-of-the-project-0123456789';
const CHECKOUT = 'cf100000-0000-4000-8000-000000000010';

const FILES = ['/assets/checkout-public-abc1234.js', '/assets/checkout-view-abc1234.css'];
const starts: EarlyStart[] = earlyReads.map((read) => ({
  ...read,
  files: read.rpc === 'public_checkout' ? FILES : [],
}));

/** Runs the script as a page at `href` would, with a recording fetch. */
function runAt(href: string, fetchImpl = vi.fn(() => Promise.resolve(new Response('{}')))) {
  const page = new URL(href);
  const window: Record<string, unknown> = {};
  const links: { rel: string; href: string; crossOrigin: string | null }[] = [];
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
    head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
  };
  runInNewContext(earlyReadScript(starts, URL_, KEY), {
    location: { pathname: page.pathname, search: page.search },
    window,
    document,
    fetch: fetchImpl,
    URLSearchParams,
  });
  const reads = window[EARLY_READS_GLOBAL] as Record<string, Promise<Response>> | undefined;
  return { fetchImpl, reads, links };
}

describe('the early-read script', () => {
  it("starts a checkout's read on its page load, as publicRpc would send it", () => {
    const { fetchImpl, reads } = runAt(`https://kasse.example/kasse/${CHECKOUT}`);
    expect(fetchImpl).toHaveBeenCalledWith(`${URL_}/rest/v1/rpc/public_checkout`, {
      method: 'POST',
      headers: { apikey: KEY, Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ input_checkout_id: CHECKOUT }),
    });
    expect(Object.keys(reads ?? {})).toEqual([earlyReadKey('public_checkout', CHECKOUT)]);
  });

  it("starts a booking solution's read on its page, not on the booking's manage page", () => {
    const solution = 'cc000000-0000-4000-8000-000000000001';
    expect(Object.keys(runAt(`https://app.example/booking/${solution}`).reads ?? {})).toEqual([
      earlyReadKey('booking_public', solution),
    ]);
    expect(runAt('https://app.example/booking/endre?token=abc').reads).toBeUndefined();
  });

  it("reads the embedded checkout's id from the query", () => {
    const { reads } = runAt(`https://kasse.example/kasse/iframe?id=${CHECKOUT}`);
    expect(Object.keys(reads ?? {})).toEqual([earlyReadKey('public_checkout', CHECKOUT)]);
  });

  it('starts nothing on other pages', () => {
    for (const path of ['/kasse/kvittering?ordre=1&token=x', '/kasse/iframe', '/skjema/abc', '/', '/auth']) {
      const { fetchImpl, reads } = runAt(`https://app.example${path}`);
      expect(fetchImpl, path).not.toHaveBeenCalled();
      expect(reads, path).toBeUndefined();
    }
  });

  it('leaves a failed read for the page, without an unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const failure = new TypeError('Failed to fetch');
    const { reads } = runAt(
      `https://kasse.example/kasse/${CHECKOUT}`,
      vi.fn(() => Promise.reject(failure)),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    await expect(reads?.[earlyReadKey('public_checkout', CHECKOUT)]).rejects.toBe(failure);
  });

  it("uses the build's API and key, the local platform's when none is set", () => {
    expect(earlyReadTag({}, starts).children).toContain('"http://127.0.0.1:54321"');
    expect(earlyReadTag({ VITE_SUPABASE_URL: URL_, VITE_SUPABASE_ANON_KEY: KEY }, starts).children).toContain(
      JSON.stringify(KEY),
    );
  });
});

describe("a page's files", () => {
  const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = []) => ({
    type: 'chunk' as const,
    fileName,
    moduleIds: moduleIds.map((id) => `/repo/${id}`),
    imports,
    isEntry: fileName === 'assets/index.js',
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set<string>() },
  });
  const bundle = Object.fromEntries(
    [
      chunk('assets/index.js', ['src/main.tsx'], ['assets/react.js']),
      chunk('assets/react.js', ['node_modules/react/index.js']),
      chunk('assets/start-public.js', ['src/app/start-public.tsx'], ['assets/react.js']),
      chunk('assets/route.js', ['src/route.tsx'], ['assets/kit.js']),
      chunk('assets/kit.js', ['src/lib/public/a.ts', 'src/lib/public/b.ts'], [], ['assets/kit.css']),
      chunk('assets/page.js', ['src/page.tsx'], ['assets/kit.js', 'assets/react.js']),
    ].map((output) => [output.fileName, output]),
  ) as unknown as Parameters<typeof pageFiles>[0];

  it('are the start-up and the modules with their imports and styles, not what the entry loads', () => {
    expect(pageFiles(bundle, '/repo', ['src/route.tsx', 'src/page.tsx'], '/')).toEqual([
      '/assets/start-public.js',
      '/assets/route.js',
      '/assets/kit.js',
      '/assets/kit.css',
      '/assets/page.js',
    ]);
  });

  it('says which module no chunk holds', () => {
    expect(() => pageFiles(bundle, '/repo', ['src/gone.tsx'], '/')).toThrow('src/gone.tsx');
  });
});
