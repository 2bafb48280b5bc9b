/**
 * Checking a campaign draw in the visitor's own browser, by the database's rules
 * (`private.draw_entries_sha256` and the ranking of the draw functions):
 * - the commitment is the hex SHA-256 of the entry ids as lower-case uuid text, sorted, joined by a
 *   line feed (UTF-8, no final line feed);
 * - the ranking orders every committed entry by hex `sha256(seed_hex + ':' + entry_id)`, lowest first
 *   (rank 1). The first winners are ranks 1…n; a replacement or an extra winner is always the next
 *   rank after the highest so far, so the listed winners hold ranks 1…k with none passed over.
 */

/** What a draw publishes for checking. */
export type PublishedDraw = {
  entryIds: readonly string[];
  entriesSha256: string;
  /** Null until the draw has run. */
  seedHex: string | null;
  /** `entryId` null: the winner has since deleted their data. */
  winners: readonly { rank: number; entryId: string | null }[];
};

/** A listed rank the recomputation does not give: `computed` null when the list has no such rank. */
export type RankMismatch = { rank: number; listed: string | null; computed: string | null };

export type RankingCheck = {
  matches: boolean;
  /** Ranks whose listed entry was compared with the recomputed one. */
  checked: number;
  mismatches: RankMismatch[];
  /** Ranks below the highest listed one that are missing from the winners: someone passed over. */
  skipped: number[];
  /** Ranks of winners who deleted their data: the entry at that rank cannot be compared. */
  erased: number[];
};

export type DrawCheck = {
  commitment: { matches: boolean; computed: string; count: number };
  /** Null before the seed exists. */
  ranking: RankingCheck | null;
};

const encoder = new TextEncoder();

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The bytes the commitment hashes, as text. Plain code-unit order is the database's: ASCII only. */
export const commitmentText = (entryIds: readonly string[]) =>
  entryIds
    .map((id) => id.toLowerCase())
    .sort()
    .join('\n');

/** The committed entries in ranking order (rank 1 first). */
export async function rankEntries(seedHex: string, entryIds: readonly string[]): Promise<string[]> {
  const keyed = await Promise.all(
    entryIds.map(async (id) => {
      const entry = id.toLowerCase();
      return { entry, key: await sha256Hex(`${seedHex}:${entry}`) };
    }),
  );
  // Hex of equal length orders as the digests' bytes do, which is how the database sorts them.
  return keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map(({ entry }) => entry);
}

function checkRanking(ranked: readonly string[], winners: PublishedDraw['winners']): RankingCheck {
  const mismatches: RankMismatch[] = [];
  const erased: number[] = [];
  const seen = new Set<number>();
  let checked = 0;
  for (const { rank, entryId } of winners) {
    const computed = ranked[rank - 1] ?? null;
    const duplicate = seen.has(rank);
    seen.add(rank);
    if (entryId === null && computed !== null && !duplicate) {
      erased.push(rank);
      continue;
    }
    checked += 1;
    const listed = entryId?.toLowerCase() ?? null;
    if (duplicate || listed !== computed) mismatches.push({ rank, listed, computed });
  }
  // Ranks past the end of the list are mismatches already, not people passed over.
  const highest = Math.min(ranked.length, Math.max(0, ...seen));
  const skipped: number[] = [];
  for (let rank = 1; rank <= highest; rank += 1) if (!seen.has(rank)) skipped.push(rank);
  return { matches: mismatches.length === 0 && skipped.length === 0, checked, mismatches, skipped, erased };
}

/** Recomputes a draw's commitment and, once it has run, its ranking against the listed winners. */
export async function checkDraw(draw: PublishedDraw): Promise<DrawCheck> {
  const computed = await sha256Hex(commitmentText(draw.entryIds));
  return {
    commitment: {
      matches: computed === draw.entriesSha256.toLowerCase(),
      computed,
      count: draw.entryIds.length,
    },
    ranking:
      draw.seedHex === null
        ? null
        : checkRanking(await rankEntries(draw.seedHex, draw.entryIds), draw.winners),
  };
}
