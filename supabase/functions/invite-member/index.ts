/** invite-member on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { bearerToken, callerFromJwt } from '../_shared/auth.ts';
import { consoleLog } from '../_shared/http.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { callerClient, serviceClient, siteUrlFromEnv, supabaseEnv } from '../_shared/supabase.ts';
import { handleInviteMember, type InviteDeps, type OrganizationRole } from './handler.ts';

const env = Deno.env;
const config = supabaseEnv(env);
const service = serviceClient(config);
const siteUrl = siteUrlFromEnv(env);

const deps: InviteDeps = {
  async authenticate(request) {
    const jwt = bearerToken(request);
    return jwt ? await callerFromJwt(service, jwt) : null;
  },
  db: {
    async callerRole(caller, organizationId) {
      const { data, error } = await callerClient(config, caller.jwt)
        .from('organizations_members')
        .select('role')
        .eq('organization_id', organizationId)
        .eq('member_id', caller.id)
        .maybeSingle<{ role: OrganizationRole }>();
      if (error) throw error;
      return data?.role ?? null;
    },
    async organizationName(caller, organizationId) {
      const { data, error } = await callerClient(config, caller.jwt)
        .from('organizations')
        .select('name')
        .eq('id', organizationId)
        .maybeSingle<{ name: string }>();
      if (error) throw error;
      return data?.name ?? null;
    },
    async profileName(caller) {
      const { data, error } = await callerClient(config, caller.jwt)
        .from('profiles')
        .select('name')
        .eq('id', caller.id)
        .maybeSingle<{ name: string }>();
      if (error) throw error;
      return data?.name?.trim() || null;
    },
    async isMember(organizationId, email) {
      const { data, error } = await service.rpc('organization_has_member_email', {
        input_organization_id: organizationId,
        input_email: email,
      });
      if (error) throw error;
      return data === true;
    },
    async hasOpenInvitation(caller, organizationId, email) {
      const { data, error } = await callerClient(config, caller.jwt)
        .from('organizations_invitations')
        .select('id')
        .eq('organization_id', organizationId)
        .eq('email', email)
        .is('accepted_at', null)
        .gt('expires_at', new Date().toISOString())
        .limit(1);
      if (error) throw error;
      return (data ?? []).length > 0;
    },
    async insertInvitation(caller, invitation) {
      const { data, error } = await callerClient(config, caller.jwt)
        .from('organizations_invitations')
        .insert({
          organization_id: invitation.organizationId,
          email: invitation.email,
          role: invitation.role,
          token_hash: invitation.tokenHash,
        })
        .select('id')
        .single<{ id: string }>();
      if (error?.code === '42501') return 'forbidden';
      if (error) throw error;
      return { id: data.id };
    },
    async deleteInvitation(id) {
      const { error } = await service.from('organizations_invitations').delete().eq('id', id);
      if (error) throw error;
    },
  },
  mailer: mailerFromEnv(env),
  siteUrl,
  log: consoleLog,
};

Deno.serve((request) => handleInviteMember(request, deps));
