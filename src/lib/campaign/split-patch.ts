/**
 * Splits an editor's patch into the campaign's columns (named in `campaignKeys`) and the kind's own
 * table's, leaving out what is undefined: each kind's update writes the two tables in turn.
 */
export function splitCampaignPatch<Campaign extends object, Own extends object>(
  patch: Record<string, unknown>,
  campaignKeys: readonly string[],
): { campaign: Campaign; own: Own } {
  const campaign: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (campaignKeys.includes(key)) campaign[key] = value;
    else own[key] = value;
  }
  return { campaign: campaign as Campaign, own: own as Own };
}
