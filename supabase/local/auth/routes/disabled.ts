/**
 * Sign-in methods the platform does not offer, answered as GoTrue answers them when they are switched
 * off (SAML SSO, Web3 wallets, ID tokens from a provider), so a client sees the same coded error.
 */
import { badRequest, notFound, unprocessable, validation } from '../errors.ts';
import { str, type AuthService, type RequestContext } from '../service.ts';

/** /sso and /sso/saml/* — GoTrue's requireSAMLEnabled. */
export async function sso(): Promise<void> {
  await Promise.resolve();
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
}

/** grant_type=web3 — neither Solana nor Ethereum is enabled. */
export async function web3Grant(): Promise<void> {
  await Promise.resolve();
  throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
}

/** The issuers GoTrue names for the providers it verifies ID tokens of. */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
  vercel_marketplace: 'https://marketplace.vercel.com',
};

/**
 * grant_type=id_token — GoTrue's token_oidc.go with no provider enabled for ID tokens (the local
 * Google stands in for the redirect flow only: it cannot verify Google's signatures).
 */
export async function idTokenGrant(_svc: AuthService, ctx: RequestContext): Promise<void> {
  const body = await ctx.body({ allowForm: true });
  const provider = str(body, 'provider') ?? '';
  const issuer = str(body, 'issuer') ?? '';
  if ((str(body, 'id_token') ?? '') === '') throw validation('id_token required');
  if (provider === '' && ((str(body, 'client_id') ?? '') === '' || issuer === '')) {
    throw validation('provider or client_id and issuer required');
  }
  const known =
    ID_TOKEN_ISSUERS[provider] ?? Object.values(ID_TOKEN_ISSUERS).find((value) => value === issuer);
  if (known) throw badRequest('provider_disabled', `Provider (issuer "${known}") is not enabled`);
  if (provider.startsWith('custom:')) throw validation('Custom OAuth providers are disabled');
  throw validation(`Custom OIDC provider "${provider}" not allowed`);
}
