import { checkDraw, commitmentText, rankEntries, sha256Hex } from '@/lib/public/draw-check';
import { A, B, C, COMMITMENT, D, SEED } from '../../support/draw-vectors';

const RANKED = [B, A, D, C];

const draw = (overrides: Partial<Parameters<typeof checkDraw>[0]> = {}) => ({
  entryIds: [A, B, C, D],
  entriesSha256: COMMITMENT,
  seedHex: SEED,
  winners: [{ rank: 1, entryId: B }],
  ...overrides,
});

describe('the commitment', () => {
  it('hashes the ids sorted, lower-case, joined by line feeds without a final one', async () => {
    expect(commitmentText([C, A.toUpperCase(), D, B])).toBe(`${A}\n${D}\n${B}\n${C}`);
    expect(await sha256Hex(commitmentText([C, A, D, B]))).toBe(COMMITMENT);
    // UTF-8: printf 'æøå' | sha256sum
    expect(await sha256Hex('æøå')).toBe('6c228cdba89548a1af198f33819536422fb01b66e51f761cf2ec38d1fb4178a6');
  });

  it('matches the published hash, whatever order the ids come in', async () => {
    const check = await checkDraw(draw({ entryIds: [D, C, B, A] }));
    expect(check.commitment).toEqual({ matches: true, computed: COMMITMENT, count: 4 });
  });

  it('does not match a list with an entry taken out, added or changed', async () => {
    for (const entryIds of [
      [A, B, C],
      [A, B, C, D, '11111111-2222-4333-8444-555555555555'],
      [A, B, C, D.replace('3d4c', '3d4d')],
    ]) {
      const check = await checkDraw(draw({ entryIds }));
      expect(check.commitment.matches, entryIds.join()).toBe(false);
      expect(check.commitment.computed).not.toBe(COMMITMENT);
    }
  });
});

describe('the ranking', () => {
  it('orders the entries by sha256(seed:id), lowest first', async () => {
    expect(await rankEntries(SEED, [A, B, C, D])).toEqual(RANKED);
  });

  it('reproduces the first winners, a replacement for a rejected one and extra winners', async () => {
    const check = await checkDraw(
      draw({
        winners: [
          { rank: 1, entryId: B },
          { rank: 2, entryId: A },
          { rank: 3, entryId: D },
        ],
      }),
    );
    expect(check.ranking).toEqual({ matches: true, checked: 3, mismatches: [], skipped: [], erased: [] });
  });

  it('finds a winner who is not at the rank the seed gives', async () => {
    const check = await checkDraw(draw({ winners: [{ rank: 1, entryId: A }] }));
    expect(check.ranking?.matches).toBe(false);
    expect(check.ranking?.mismatches).toEqual([{ rank: 1, listed: A, computed: B }]);
  });

  it('finds that a tampered seed gives other winners', async () => {
    // The last hex digit changed: this seed ranks A, D, C, B (coreutils, as for the vectors).
    const tampered = `${SEED.slice(0, -1)}9`;
    expect(await rankEntries(tampered, [A, B, C, D])).toEqual([A, D, C, B]);
    const check = await checkDraw(draw({ seedHex: tampered }));
    expect(check.commitment.matches).toBe(true);
    expect(check.ranking?.matches).toBe(false);
    expect(check.ranking?.mismatches).toEqual([{ rank: 1, listed: B, computed: A }]);
  });

  it('finds a rank passed over, a rank listed twice and a rank past the list', async () => {
    const passedOver = await checkDraw(
      draw({
        winners: [
          { rank: 1, entryId: B },
          { rank: 3, entryId: D },
        ],
      }),
    );
    expect(passedOver.ranking).toMatchObject({ matches: false, mismatches: [], skipped: [2] });

    const twice = await checkDraw(
      draw({
        winners: [
          { rank: 1, entryId: B },
          { rank: 1, entryId: B },
        ],
      }),
    );
    expect(twice.ranking?.mismatches).toEqual([{ rank: 1, listed: B, computed: B }]);

    const past = await checkDraw(draw({ winners: [{ rank: 5, entryId: B }] }));
    expect(past.ranking?.mismatches).toEqual([{ rank: 5, listed: B, computed: null }]);
    expect(past.ranking?.skipped).toEqual([1, 2, 3, 4]);
  });

  it('leaves a winner who deleted their data out of the comparison, not out of the ranks', async () => {
    const check = await checkDraw(
      draw({
        winners: [
          { rank: 1, entryId: null },
          { rank: 2, entryId: A },
        ],
      }),
    );
    expect(check.ranking).toEqual({ matches: true, checked: 1, mismatches: [], skipped: [], erased: [1] });
  });

  it('checks only the commitment of a draw that has not run', async () => {
    const check = await checkDraw(draw({ seedHex: null, winners: [] }));
    expect(check).toEqual({ commitment: { matches: true, computed: COMMITMENT, count: 4 }, ranking: null });
  });
});
