import { http, HttpResponse } from 'msw';
import { SUPABASE } from '../../support/session';
import { membershipHandlers } from './account';

/** An RPC the importer called, with its JSON body. */
export type ImportCall = { name: string; body: Record<string, unknown> };

/** How the final import RPC answers; a test swaps it (a slow answer, a refusal, another count). */
export type LeadImportState = { importResponse: () => Response | Promise<Response> };

export const leadImportState = (): LeadImportState => ({
  importResponse: () =>
    HttpResponse.json({ inserted: 1, rejected: [{ index: 1, reason: 'duplicate-existing' }] }),
});

/**
 * The importer's backend for a member of ORG: `import_leads_existing` knows finnes@example.no,
 * `import_leads_stage` takes every row it is sent, and any other RPC answers `importResponse`.
 */
export function leadImportHandlers(state: () => LeadImportState, calls: ImportCall[]) {
  return [
    ...membershipHandlers(() => 'member'),
    http.post(`${SUPABASE}/rest/v1/rpc/:name`, async ({ request, params }) => {
      const name = String(params.name);
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ name, body });
      if (name === 'import_leads_existing') {
        const emails = body.input_emails as string[];
        return HttpResponse.json({
          emails: emails.filter((email) => email === 'finnes@example.no'),
          phones: [],
        });
      }
      if (name === 'import_leads_stage') {
        return HttpResponse.json((body.input_rows as unknown[]).length);
      }
      return state().importResponse();
    }),
  ];
}
