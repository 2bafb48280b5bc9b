import { http, HttpResponse } from 'msw';
import { ORG } from '../../support/ids';
import { buildSession, SUPABASE, USER_ID } from '../../support/session';
import { record, single, type Recorded } from '../rest';

type Role = 'owner' | 'admin' | 'member';

/** A membership as the organization switcher and the guard read it. */
export type TestMembership = { organizationId: string; name: string; role: Role };

/**
 * The account facts behind useOrganizations(): the user's memberships and the last selected
 * organization (organizations_members and users_configs, as src/lib/account/api/get-organizations.ts reads them).
 */
export function membershipListHandlers(memberships: TestMembership[], lastSelectedId: string | null = null) {
  return [
    http.get(`${SUPABASE}/rest/v1/organizations_members`, () =>
      HttpResponse.json(
        memberships.map(({ organizationId, name, role }) => ({
          organization_id: organizationId,
          role,
          organization: { id: organizationId, name },
        })),
      ),
    ),
    http.get(`${SUPABASE}/rest/v1/users_configs`, ({ request }) =>
      single(request, { last_organization_selected_id: lastSelectedId }),
    ),
  ];
}

/** The signed-in user's membership of ORG («Fjordbygg AS») in the given role, and ORG as last chosen. */
export const membershipHandlers = (role: () => Role) => [
  http.get(`${SUPABASE}/rest/v1/organizations_members`, () =>
    HttpResponse.json([
      { organization_id: ORG, role: role(), organization: { id: ORG, name: 'Fjordbygg AS' } },
    ]),
  ),
  http.get(`${SUPABASE}/rest/v1/users_configs`, ({ request }) =>
    single(request, { last_organization_selected_id: ORG }),
  ),
];

/** GoTrue's refusal: its HTTP status, and the code supabase-js reads from `error_code`. */
export function gotrueError(status: number, code: string, extra: Record<string, unknown> = {}) {
  return HttpResponse.json({ code: status, error_code: code, msg: code, ...extra }, { status });
}

/** A second factor as GoTrue lists it on the user. */
export type TestFactor = {
  id: string;
  factor_type: 'totp';
  status: 'verified' | 'unverified';
  created_at: string;
  updated_at: string;
};

/** What /profile reads and writes: the profile row, the avatar upload, the user and sign-out. */
export type ProfileSettingsState = {
  factors: TestFactor[];
  profile: { id: string; name: string; img: string | null };
  requests: Recorded[];
};

export const kariProfile = () => ({ id: USER_ID, name: 'Kari Nordmann', img: null });

/** GoTrue's user with the state's factors. */
export const userWithFactors = (state: ProfileSettingsState) => ({
  ...buildSession().user,
  factors: state.factors,
});

export function profileSettingsHandlers(state: ProfileSettingsState) {
  return [
    http.get(`${SUPABASE}/rest/v1/profiles`, async ({ request }) => {
      await record(state.requests, request);
      return HttpResponse.json([state.profile]);
    }),
    http.patch(`${SUPABASE}/rest/v1/profiles`, async ({ request }) => {
      await record(state.requests, request);
      state.profile = { ...state.profile, ...((await request.json()) as object) };
      return HttpResponse.json({ id: USER_ID });
    }),
    http.post(`${SUPABASE}/storage/v1/object/avatars/*`, async ({ request }) => {
      await record(state.requests, request);
      return HttpResponse.json({ Key: 'avatars/x', Id: 'x' });
    }),
    http.get(`${SUPABASE}/auth/v1/user`, () => HttpResponse.json(userWithFactors(state))),
    http.post(`${SUPABASE}/auth/v1/logout`, async ({ request }) => {
      await record(state.requests, request);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

/**
 * The organization's receipt addresses (src/lib/organization-payments/api/): adding one through the
 * RPC (an address already there is refused like Postgres' unique violation) and removing one by
 * writing the list back. Both change `state().receiptEmails`, so the next read sees the change.
 */
export function receiptEmailWriteHandlers(state: () => { receiptEmails: string[] }, requests: Recorded[]) {
  return [
    http.patch(`${SUPABASE}/rest/v1/organizations_payments_config`, async ({ request }) => {
      await record(requests, request);
      state().receiptEmails = (requests.at(-1)!.body as { receipt_emails: string[] }).receipt_emails;
      return single(request, { id: ORG });
    }),
    http.post(`${SUPABASE}/rest/v1/rpc/organizations_payments_email_insert`, async ({ request }) => {
      await record(requests, request);
      const { input_email } = requests.at(-1)!.body as { input_email: string };
      if (state().receiptEmails.includes(input_email)) {
        return HttpResponse.json(
          { code: '23505', message: 'receipt-email-exists', details: null, hint: null },
          { status: 409 },
        );
      }
      state().receiptEmails = [...state().receiptEmails, input_email];
      return HttpResponse.json(state().receiptEmails);
    }),
  ];
}
