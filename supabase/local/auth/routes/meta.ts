/** GET /settings, /health, /.well-known/jwks.json — GoTrue api/settings.go, health, jwks. */
import type { AuthService, RequestContext } from '../service.ts';

export async function settings(svc: AuthService, ctx: RequestContext): Promise<void> {
  const auth = svc.config.auth;
  await Promise.resolve();
  ctx.json(200, {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      fly: false,
      github: false,
      gitlab: false,
      // Served by the local provider page (routes/authorize.ts).
      google: true,
      keycloak: false,
      kakao: false,
      linkedin_oidc: false,
      notion: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
      email: true,
      phone: true,
    },
    disable_signup: !auth.enableSignup,
    mailer_autoconfirm: !auth.emailConfirmations,
    phone_autoconfirm: !auth.smsConfirmations,
    sms_provider: 'local',
    saml_enabled: false,
  });
}

export async function health(_svc: AuthService, ctx: RequestContext): Promise<void> {
  await Promise.resolve();
  ctx.json(200, {
    version: 'leadtorget-local',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API (embedded local platform)',
  });
}

/** The signing keys' public halves; with HS256 only, GoTrue answers an empty set. */
export async function jwks(svc: AuthService, ctx: RequestContext): Promise<void> {
  await Promise.resolve();
  ctx.json(200, { keys: svc.signer.publicKeys() });
}
