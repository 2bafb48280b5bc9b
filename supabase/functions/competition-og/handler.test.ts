/**
 * competition-og with the real drawing (Geist, raster.ts, png.ts) and the database's read faked: the
 * status, type, size and caching of the image, its bar filled to the team's percent in the
 * competition's colour, and the refusals (404 unknown, 400 not a uuid, 405, 429).
 */
import assert from 'node:assert/strict';
import { EMAIL_COLOURS } from '../_shared/email-layout.ts';
import { FakeRateLimiter } from '../_shared/testing.ts';
import { CACHE_SECONDS, type CompetitionOgDeps, handleCompetitionOg } from './handler.ts';
import { BAR, drawShareImage, HEIGHT, loadFonts, type TeamShare, WIDTH } from './image.ts';
import { rgbOf } from './raster.ts';

const TEAM = 'cb000000-0000-4000-8000-0000000000d1';
const fonts = await loadFonts();

const share: TeamShare = {
  team_name: 'Tråkkerne',
  competition_name: 'Sykle til jobben',
  unit: 'km',
  total: 200,
  goal: 400,
  percent: 50,
  frozen: false,
  color: '#b91c1c',
};

function setup(found: TeamShare | null = share) {
  const asked: string[] = [];
  const deps: CompetitionOgDeps = {
    share: (teamId) => {
      asked.push(teamId);
      return Promise.resolve(found);
    },
    draw: (figures) => drawShareImage(figures, fonts),
    rateLimiter: new FakeRateLimiter(),
  };
  return { deps, asked };
}

function get(query: string, method = 'GET') {
  return new Request(`http://functions.test/competition-og${query}`, { method });
}

/** The PNG's size and RGB pixels (png.ts writes one IDAT, 8-bit RGB, every row Sub-filtered). */
async function decode(png: Uint8Array): Promise<{ width: number; height: number; rgb: Uint8Array }> {
  const view = new DataView(png.buffer, png.byteOffset);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const idatLength = view.getUint32(33);
  assert.equal(new TextDecoder().decode(png.subarray(37, 41)), 'IDAT');
  const stream = new Blob([png.subarray(41, 41 + idatLength) as BlobPart])
    .stream()
    .pipeThrough(new DecompressionStream('deflate'));
  const filtered = new Uint8Array(await new Response(stream).arrayBuffer());
  const stride = width * 3;
  const rgb = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    assert.equal(filtered[y * (stride + 1)], 1);
    for (let x = 0; x < stride; x++) {
      const left = x >= 3 ? rgb[y * stride + x - 3]! : 0;
      rgb[y * stride + x] = (filtered[y * (stride + 1) + 1 + x]! + left) & 0xff;
    }
  }
  return { width, height, rgb };
}

function pixel(image: { width: number; rgb: Uint8Array }, x: number, y: number): number[] {
  const at = (y * image.width + x) * 3;
  return [...image.rgb.subarray(at, at + 3)];
}

Deno.test(
  'a published team: a cached 1200 × 630 PNG, its bar filled to the percent in the colour',
  async () => {
    const { deps, asked } = setup();
    const response = await handleCompetitionOg(get(`?team=${TEAM}`), deps);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/png');
    assert.equal(
      response.headers.get('cache-control'),
      `public, max-age=${CACHE_SECONDS}, s-maxage=${CACHE_SECONDS}`,
    );
    assert.deepEqual(asked, [TEAM]);
    const image = await decode(new Uint8Array(await response.arrayBuffer()));
    assert.deepEqual([image.width, image.height], [WIDTH, HEIGHT]);
    const middle = BAR.y + BAR.height / 2;
    assert.deepEqual(pixel(image, BAR.x + BAR.width * 0.25, middle), rgbOf('#b91c1c'), 'filled up to 50 %');
    assert.deepEqual(
      pixel(image, BAR.x + BAR.width * 0.75, middle),
      rgbOf(EMAIL_COLOURS.border),
      'the rest is the track',
    );
    assert.deepEqual(pixel(image, 5, 5), rgbOf('#b91c1c'), 'the band is in the competition colour');
    // The team's name is drawn: dark pixels where it stands, none in the empty line below it.
    const dark = (y0: number, y1: number) => {
      let count = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = 80; x < 1120; x++) if (pixel(image, x, y)[0]! < 100) count++;
      }
      return count;
    };
    assert.ok(dark(200, 280) > 2000, 'the team name');
    assert.equal(dark(290, 320), 0);
  },
);

Deno.test('a light colour gets dark text on its band; no colour is Leadtorget\u2019s', async () => {
  const draw = async (color: string | null) => {
    const { deps } = setup({ ...share, color, percent: 100 });
    return decode(
      new Uint8Array(await (await handleCompetitionOg(get(`?team=${TEAM}`), deps)).arrayBuffer()),
    );
  };
  const yellow = await draw('#fde047');
  assert.deepEqual(pixel(yellow, 5, 5), rgbOf('#fde047'));
  let darkTitle = 0;
  for (let y = 40; y < 80; y++) {
    for (let x = 80; x < 400; x++) if (pixel(yellow, x, y)[0]! < 100) darkTitle++;
  }
  assert.ok(darkTitle > 200, 'the competition name in dark text on the light band');
  assert.deepEqual(pixel(await draw(null), 5, 5), rgbOf(EMAIL_COLOURS.primary));
});

Deno.test(
  'an empty bar stays the track; a frozen board adds its note; a very long name still fits',
  async () => {
    const { deps } = setup({ ...share, percent: 0, total: 0 });
    const empty = await decode(
      new Uint8Array(await (await handleCompetitionOg(get(`?team=${TEAM}`), deps)).arrayBuffer()),
    );
    assert.deepEqual(pixel(empty, BAR.x + 30, BAR.y + BAR.height / 2), rgbOf(EMAIL_COLOURS.border));

    const frozen = setup({
      ...share,
      frozen: true,
      team_name: 'Rørlegger-rytterne fra Nordre Follo og omegn '.repeat(3),
    });
    const image = await decode(
      new Uint8Array(await (await handleCompetitionOg(get(`?team=${TEAM}`), frozen.deps)).arrayBuffer()),
    );
    let note = 0;
    for (let x = 80; x < 800; x++) if (pixel(image, x, 560)[0]! < 200) note++;
    assert.ok(note > 20, 'the frozen note is drawn');
    for (let y = 180; y < 300; y++) {
      assert.deepEqual(
        pixel(image, WIDTH - 20, y),
        rgbOf(EMAIL_COLOURS.surface),
        'nothing runs off the right edge',
      );
    }
  },
);

Deno.test('an unknown or unpublished team is 404; a bad id 400; POST 405; HEAD has no body', async () => {
  const missing = await handleCompetitionOg(get(`?team=${TEAM}`), setup(null).deps);
  assert.equal(missing.status, 404);
  assert.deepEqual(await missing.json(), { error: { code: 'not-found' } });

  const { deps, asked } = setup();
  assert.equal((await handleCompetitionOg(get('?team=nope'), deps)).status, 400);
  assert.equal((await handleCompetitionOg(get(''), deps)).status, 400);
  const post = await handleCompetitionOg(get(`?team=${TEAM}`, 'POST'), deps);
  assert.equal(post.status, 405);
  assert.equal(post.headers.get('allow'), 'GET, HEAD, OPTIONS');
  assert.deepEqual(asked, [], 'nothing read for a refused request');

  const head = await handleCompetitionOg(get(`?team=${TEAM}`, 'HEAD'), deps);
  assert.equal(head.status, 200);
  assert.equal(head.body, null);
});

Deno.test('over the per-address limit: 429 with Retry-After, nothing drawn', async () => {
  const { deps, asked } = setup();
  deps.limit = { max: 1, windowSeconds: 60 };
  assert.equal((await handleCompetitionOg(get(`?team=${TEAM}`), deps)).status, 200);
  const limited = await handleCompetitionOg(get(`?team=${TEAM}`), deps);
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get('retry-after'), '60');
  assert.equal(asked.length, 1);
});

Deno.test('a failing read is a 500 unknown, logged', async () => {
  const logged: string[] = [];
  const { deps } = setup();
  deps.share = () => Promise.reject(new Error('db down'));
  deps.log = (message) => logged.push(message);
  const response = await handleCompetitionOg(get(`?team=${TEAM}`), deps);
  assert.equal(response.status, 500);
  assert.deepEqual(logged, ['competition-og: unexpected failure']);
});
