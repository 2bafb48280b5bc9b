/**
 * One-click unsubscribe (RFC 8058) for the e-mails a campaign sends its participants: the
 * `List-Unsubscribe` header names the `unsubscribe` function's URL with the participant's token, and
 * `List-Unsubscribe-Post` tells the mail client to POST to it, without a session or a page.
 */
import type { CampaignKind } from './public-paths.ts';

/** `<functions>/unsubscribe?kind=…&id=…&token=…`: POST unsubscribes, GET leads to the page that asks. */
export function oneClickUnsubscribeUrl(
  functionsUrl: string,
  kind: CampaignKind,
  campaignId: string,
  token: string,
): string {
  const query = new URLSearchParams({ kind, id: campaignId, token });
  return `${functionsUrl.replace(/\/+$/, '')}/unsubscribe?${query.toString()}`;
}

export function unsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
