/**
 * The organization the user works in: the last selected if still a member, else the first.
 * A module of its own because the guard chain needs it on every page, without the queries.
 */
export function currentOrganizationOf(facts: {
  memberOf: string[];
  lastSelectedId: string | null;
}): string | null {
  if (facts.lastSelectedId && facts.memberOf.includes(facts.lastSelectedId)) return facts.lastSelectedId;
  return facts.memberOf[0] ?? null;
}
