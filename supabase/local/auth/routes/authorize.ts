/**
 * GET /authorize?provider=google — instead of redirecting to Google, serve a local provider page
 * (like Firebase's auth emulator): pick a test identity or type one. POST /authorize is what
 * GoTrue's /callback does after Google: find or create the user, link the `google` identity,
 * refresh user_metadata from the provider's claims, then redirect to redirect_to with `?code=`
 * (PKCE) or tokens in the fragment (implicit flow).
 */
import { createHash } from 'node:crypto';
import { sendHtml, redirect } from '../../http.ts';
import { signJwt, verifyJwt } from '../../jwt.ts';
import { addIdentity, createUser, mergeMetadata } from '../accounts.ts';
import { isValidEmail } from '../addresses.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { createFlowState } from '../flows.ts';
import { str, type AuthService, type RequestContext } from '../service.ts';
import { signIn } from '../sessions.ts';
import { parseChallengeMethod, resolveRedirect } from '../tokens.ts';
import { findUserByEmail, findUserById, isBanned } from '../users.ts';
import { withParams } from './verify.ts';

const SUPPORTED = new Set(['google']);
/** How long the provider page's state is valid (a user may take a while to pick). */
const STATE_TTL_SECONDS = 15 * 60;

interface TestIdentity {
  key: string;
  email: string;
  name: string;
  color: string;
}

const TEST_IDENTITIES: TestIdentity[] = [
  { key: 'kari', email: 'kari.nordmann@example.com', name: 'Kari Nordmann', color: '#2563eb' },
  { key: 'ola', email: 'ola.nordmann@example.com', name: 'Ola Nordmann', color: '#16a34a' },
  { key: 'ingrid', email: 'ingrid.hansen@example.com', name: 'Ingrid Hansen', color: '#c026d3' },
];

/** A picture that works offline: an SVG with the initials. */
function avatar(name: string, color: string): string {
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="48" fill="${color}"/><text x="48" y="60" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Google subjects are numeric strings; derive a stable one from the e-mail. */
function googleSubject(email: string): string {
  const digest = createHash('sha256').update(email.toLowerCase()).digest();
  return (digest.readBigUInt64BE(0) % 10n ** 21n).toString().padStart(21, '1');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

interface FlowState {
  provider: string;
  /** Manual linking (`GET /user/identities/authorize`): the identity goes to this user. */
  link_user_id?: string;
  redirect_to: string;
  code_challenge?: string;
  code_challenge_method?: string;
  scopes?: string;
  exp: number;
}

export async function authorizeGet(svc: AuthService, ctx: RequestContext): Promise<void> {
  const provider = ctx.query('provider') ?? '';
  assertSupportedProvider(provider);
  const redirectTo = resolveRedirect(
    ctx.query('redirect_to'),
    svc.config.siteUrl,
    svc.config.additionalRedirectUrls,
  );
  const challenge = ctx.query('code_challenge') ?? '';
  const method = ctx.query('code_challenge_method') ?? '';
  if ((challenge === '') !== (method === '') || (method !== '' && !parseChallengeMethod(method))) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  const link = ctx.query('link');
  const linkUserId = link === null ? undefined : verifiedLinkUser(svc, link);
  const state: FlowState = {
    provider,
    ...(linkUserId ? { link_user_id: linkUserId } : {}),
    redirect_to: redirectTo,
    ...(challenge ? { code_challenge: challenge, code_challenge_method: method } : {}),
    ...(ctx.query('scopes') ? { scopes: ctx.query('scopes') ?? '' } : {}),
    exp: svc.nowSeconds() + STATE_TTL_SECONDS,
  };
  // The state is signed so the form cannot be tampered into another redirect target.
  const signed = signJwt({ ...state }, svc.config.jwtSecret);
  await Promise.resolve();
  sendHtml(ctx.res, 200, providerPage(signed, redirectTo));
}

/** The providers the local page stands in for; GoTrue's wording for any other. */
export function assertSupportedProvider(provider: string): void {
  if (provider === '') throw badRequest('validation_failed', 'Unsupported provider: missing provider');
  if (!SUPPORTED.has(provider)) {
    throw badRequest('validation_failed', `Unsupported provider: provider ${provider} could not be found`);
  }
}

/** How long a link request from `/user/identities/authorize` stays valid. */
const LINK_TTL_SECONDS = 15 * 60;

/** A signed note that the provider page links to `userId` (what GoTrue keeps in its flow state). */
export function linkRequest(svc: AuthService, userId: string): string {
  return signJwt({ link_user_id: userId, exp: svc.nowSeconds() + LINK_TTL_SECONDS }, svc.config.jwtSecret);
}

function verifiedLinkUser(svc: AuthService, link: string): string {
  const verified = verifyJwt(link, svc.config.jwtSecret, svc.nowSeconds());
  const userId = verified.ok ? verified.claims.link_user_id : undefined;
  if (typeof userId !== 'string')
    throw badRequest('bad_oauth_state', 'OAuth state parameter is invalid or has expired');
  return userId;
}

function providerPage(state: string, redirectTo: string): string {
  const choices = TEST_IDENTITIES.map(
    (identity, index) => `
        <li>
          <input type="radio" name="identity" id="identity-${identity.key}" value="${identity.key}"${index === 0 ? ' checked' : ''}>
          <label for="identity-${identity.key}">
            <img src="${avatar(identity.name, identity.color)}" alt="" width="40" height="40">
            <span><strong>${escapeHtml(identity.name)}</strong><br>${escapeHtml(identity.email)}</span>
          </label>
        </li>`,
  ).join('');
  return `<!doctype html>
<html lang="nb">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Logg inn med Google (lokal testleverandør)</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; color: #111; }
    ul { list-style: none; padding: 0; }
    li { display: flex; align-items: center; gap: .5rem; margin: .5rem 0; }
    label { display: flex; align-items: center; gap: .75rem; cursor: pointer; }
    img { border-radius: 50%; }
    fieldset { border: 1px solid #ccc; border-radius: .5rem; margin: 1rem 0; padding: 1rem; }
    .field { display: flex; flex-direction: column; margin: .5rem 0; }
    input[type=text], input[type=email], input[type=url] { padding: .5rem; font-size: 1rem; }
    button { font-size: 1rem; padding: .6rem 1.2rem; margin-right: .5rem; }
    :focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  </style>
</head>
<body>
  <main>
    <h1>Logg inn med Google</h1>
    <p>Dette er en lokal testleverandør for utvikling – ingen data sendes til Google.
       Etter innlogging sendes du tilbake til <strong>${escapeHtml(redirectTo)}</strong>.</p>
    <form method="post" action="authorize">
      <input type="hidden" name="state" value="${escapeHtml(state)}">
      <fieldset>
        <legend>Velg en testidentitet</legend>
        <ul>${choices}
          <li>
            <input type="radio" name="identity" id="identity-custom" value="custom">
            <label for="identity-custom">Annen identitet (fyll ut under)</label>
          </li>
        </ul>
      </fieldset>
      <fieldset>
        <legend>Annen identitet</legend>
        <div class="field">
          <label for="email">E-postadresse</label>
          <input type="email" id="email" name="email" autocomplete="email">
        </div>
        <div class="field">
          <label for="full_name">Fullt navn</label>
          <input type="text" id="full_name" name="full_name" autocomplete="name">
        </div>
        <div class="field">
          <label for="picture">Bilde-URL (valgfritt)</label>
          <input type="url" id="picture" name="picture">
        </div>
      </fieldset>
      <button type="submit" name="action" value="sign_in">Logg inn</button>
      <button type="submit" name="action" value="cancel">Avbryt</button>
    </form>
  </main>
</body>
</html>`;
}

export async function authorizePost(svc: AuthService, ctx: RequestContext): Promise<void> {
  const body = await ctx.body({ allowForm: true });
  const verified = verifyJwt(str(body, 'state') ?? '', svc.config.jwtSecret, svc.nowSeconds());
  if (!verified.ok) throw badRequest('bad_oauth_state', 'OAuth state parameter is invalid or has expired');
  const state = verified.claims as unknown as FlowState;
  const redirectTo = resolveRedirect(
    state.redirect_to,
    svc.config.siteUrl,
    svc.config.additionalRedirectUrls,
  );
  const pkce =
    typeof state.code_challenge === 'string' ? parseChallengeMethod(state.code_challenge_method) : null;
  const errorParams = (code: string, description: string) => ({
    error: 'access_denied',
    error_code: code,
    error_description: description,
  });
  if (str(body, 'action') === 'cancel') {
    return redirect(
      ctx.res,
      withParams(
        redirectTo,
        errorParams('access_denied', 'Brukeren avbrøt innloggingen'),
        pkce ? 'query' : 'fragment',
      ),
    );
  }
  const choice = str(body, 'identity') ?? 'custom';
  const preset = TEST_IDENTITIES.find((identity) => identity.key === choice);
  const email = (preset?.email ?? str(body, 'email') ?? '').trim().toLowerCase();
  const typedName = (preset?.name ?? str(body, 'full_name') ?? '').trim();
  const fullName = typedName !== '' ? typedName : (email.split('@')[0] ?? '');
  const typedPicture = (str(body, 'picture') ?? '').trim();
  const picture = preset
    ? avatar(preset.name, preset.color)
    : typedPicture !== ''
      ? typedPicture
      : avatar(fullName !== '' ? fullName : email, '#6b7280');
  if (!isValidEmail(email)) throw unprocessable('validation_failed', 'Skriv inn en gyldig e-postadresse');

  const sub = googleSubject(email);
  const providerIssuer = 'https://accounts.google.com';
  const claims = {
    iss: providerIssuer,
    sub,
    provider_id: sub,
    email,
    email_verified: true,
    phone_verified: false,
    full_name: fullName,
    name: fullName,
    picture,
    avatar_url: picture,
  };

  const outcome = await svc.transaction(async (tx) => {
    const now = svc.nowIso();
    const { rows } = await tx.query<{ user_id: string }>(
      `select user_id from auth.identities where provider = 'google' and provider_id = $1`,
      [sub],
    );
    let user = rows[0] ? await findUserById(tx, rows[0].user_id) : null;
    if (state.link_user_id) {
      // GoTrue's linkIdentityToUser: the identity may not belong to anyone else yet.
      if (user) {
        const message =
          user.id === state.link_user_id
            ? 'Identity is already linked'
            : 'Identity is already linked to another user';
        return { kind: 'error' as const, error: unprocessable('identity_already_exists', message) };
      }
      user = await findUserById(tx, state.link_user_id);
      if (!user) return { kind: 'error' as const, error: unprocessable('user_not_found', 'User not found') };
      await addIdentity(svc, tx, user.id, 'google', sub, claims);
    } else if (user) {
      await tx.query(
        `update auth.identities set identity_data = $2::jsonb, last_sign_in_at = $3, updated_at = $3
          where provider = 'google' and provider_id = $1`,
        [sub, JSON.stringify(claims), now],
      );
    } else {
      // GoTrue links a verified provider e-mail to the existing account with that e-mail.
      user = await findUserByEmail(tx, email);
      if (user) {
        await addIdentity(svc, tx, user.id, 'google', sub, claims);
      } else {
        if (!svc.config.auth.enableSignup)
          throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
        user = await createUser(svc, tx, {
          email,
          emailConfirmed: true,
          provider: { name: 'google', providerId: sub, data: claims },
        });
      }
    }
    if (isBanned(user, svc.now())) throw badRequest('user_banned', 'User is banned');
    // Provider claims refresh user_metadata on every sign-in; the provider verified its address.
    const { iss: _iss, provider_id: _providerId, ...metadata } = claims;
    await tx.query(
      `update auth.users set raw_user_meta_data = $2::jsonb, updated_at = $3,
         email_confirmed_at = case when lower(email) = lower($4) then coalesce(email_confirmed_at, $3)
           else email_confirmed_at end
       where id = $1`,
      [user.id, JSON.stringify(mergeMetadata(user.raw_user_meta_data, metadata)), now, email],
    );
    const fresh = (await findUserById(tx, user.id)) ?? user;
    if (pkce && state.code_challenge) {
      const code = await createFlowState(svc, tx, {
        challenge: state.code_challenge,
        method: pkce,
        userId: user.id,
        providerType: 'google',
        authMethod: 'oauth',
        providerAccessToken: `local-google-token-${sub}`,
        issued: true,
      });
      return { kind: 'code' as const, code };
    }
    return { kind: 'session' as const, session: await signIn(svc, tx, fresh, 'oauth', ctx) };
  });
  if (outcome.kind === 'error') {
    return redirect(
      ctx.res,
      withParams(
        redirectTo,
        {
          error: 'invalid_request',
          error_code: outcome.error.errorCode,
          error_description: outcome.error.message,
        },
        pkce ? 'query' : 'fragment',
      ),
    );
  }
  if (outcome.kind === 'code')
    return redirect(ctx.res, withParams(redirectTo, { code: outcome.code }, 'query'));
  const session = outcome.session;
  redirect(
    ctx.res,
    withParams(
      redirectTo,
      {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        provider_token: `local-google-token-${sub}`,
        refresh_token: session.refresh_token,
        token_type: 'bearer',
      },
      'fragment',
    ),
  );
}
