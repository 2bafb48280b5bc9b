import type { TestPlatform } from '../../../supabase/local/testing/test-platform.ts';

/** Runs one of campaign-jobs' jobs as the scheduler does: a POST with the service key (`now`: the job's clock). */
export function runCampaignJob(
  platform: TestPlatform,
  body: { job: string; now?: string },
): Promise<Response> {
  return fetch(`${platform.url}/functions/v1/campaign-jobs`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${platform.config.serviceRoleKey}`,
      apikey: platform.config.serviceRoleKey,
    },
    body: JSON.stringify(body),
  });
}
