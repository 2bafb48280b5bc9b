/**
 * The GoTrue-compatible auth service of the embedded local platform (supabase/local/README.md).
 *
 * Mount: `const auth = createAuthHandler(deps)`; for a request to `/auth/v1/<rest>` call
 * `auth(req, res, '/<rest>')`. The handler answers CORS preflights, never throws, and turns every
 * failure into GoTrue's error JSON (4xx for bad input; 500 `unexpected_failure` only for bugs).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { applyCors, Router } from '../http.ts';
import { AuthError, sendAuthError } from './errors.ts';
import * as admin from './routes/admin.ts';
import { authorizeGet, authorizePost } from './routes/authorize.ts';
import * as disabled from './routes/disabled.ts';
import * as factors from './routes/factors.ts';
import { health, jwks, settings } from './routes/meta.ts';
import { otp, recover, resend } from './routes/otp.ts';
import { signup } from './routes/signup.ts';
import { token } from './routes/token.ts';
import { getUser, linkIdentity, logout, reauthenticate, unlinkIdentity, updateUser } from './routes/user.ts';
import { verifyGet, verifyPost } from './routes/verify.ts';
import { AuthService, isNulRejection, nulInput, RequestContext, type AuthDeps } from './service.ts';

export type { AuthDeps } from './service.ts';

export type AuthHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  pathAfterAuthV1: string,
) => Promise<void>;

type Ctx = { svc: AuthService; ctx: RequestContext };

function buildRouter(): Router<Ctx> {
  const router = new Router<Ctx>();
  const r = (fn: (svc: AuthService, ctx: RequestContext) => Promise<void>) => (c: Ctx) => fn(c.svc, c.ctx);
  router
    .add('GET', '/health', r(health))
    .add('GET', '/settings', r(settings))
    .add('GET', '/.well-known/jwks.json', r(jwks))
    .add('POST', '/signup', r(signup))
    .add('POST', '/invite', r(admin.invite))
    .add('POST', '/sso', disabled.sso)
    .add('GET', '/sso/saml/metadata', disabled.sso)
    .add('POST', '/sso/saml/acs', disabled.sso)
    .add('POST', '/token', r(token))
    .add('POST', '/otp', r(otp))
    .add('POST', '/magiclink', r(otp))
    .add('POST', '/verify', r(verifyPost))
    .add('GET', '/verify', r(verifyGet))
    .add('POST', '/recover', r(recover))
    .add('POST', '/resend', r(resend))
    .add('GET', '/authorize', r(authorizeGet))
    .add('POST', '/authorize', r(authorizePost))
    .add('GET', '/user', r(getUser))
    .add('PUT', '/user', r(updateUser))
    .add('GET', '/reauthenticate', r(reauthenticate))
    .add('POST', '/logout', r(logout))
    .add('GET', '/user/identities/authorize', r(linkIdentity))
    .add('DELETE', '/user/identities/:id', (c, p) => unlinkIdentity(c.svc, c.ctx, p.id ?? ''))
    .add('POST', '/factors', r(factors.enroll))
    .add('POST', '/factors/:id/challenge', (c, p) => factors.challenge(c.svc, c.ctx, p.id ?? ''))
    .add('POST', '/factors/:id/verify', (c, p) => factors.verify(c.svc, c.ctx, p.id ?? ''))
    .add('DELETE', '/factors/:id', (c, p) => factors.unenroll(c.svc, c.ctx, p.id ?? ''))
    .add('GET', '/admin/users', r(admin.listUsers))
    .add('POST', '/admin/users', r(admin.createUserAdmin))
    .add('GET', '/admin/users/:id', (c, p) => admin.getUserAdmin(c.svc, c.ctx, p.id ?? ''))
    .add('PUT', '/admin/users/:id', (c, p) => admin.updateUserAdmin(c.svc, c.ctx, p.id ?? ''))
    .add('DELETE', '/admin/users/:id', (c, p) => admin.deleteUserAdmin(c.svc, c.ctx, p.id ?? ''))
    .add('GET', '/admin/users/:id/factors', (c, p) => admin.listFactorsAdmin(c.svc, c.ctx, p.id ?? ''))
    .add('PUT', '/admin/users/:id/factors/:factorId', (c, p) =>
      admin.updateFactorAdmin(c.svc, c.ctx, { userId: p.id ?? '', factorId: p.factorId ?? '' }),
    )
    .add('DELETE', '/admin/users/:id/factors/:factorId', (c, p) =>
      admin.deleteFactorAdmin(c.svc, c.ctx, { userId: p.id ?? '', factorId: p.factorId ?? '' }),
    )
    .add('POST', '/admin/generate_link', r(admin.generateLink));
  return router;
}

export function createAuthHandler(deps: AuthDeps): AuthHandler {
  const svc = new AuthService(deps);
  const router = buildRouter();
  return async (req, res, pathAfterAuthV1) => {
    const ctx = new RequestContext(svc, req, res);
    try {
      if (applyCors(req, res)) return;
      const match = router.match(req.method ?? 'GET', pathAfterAuthV1);
      if (match.kind === 'not_found') throw new AuthError(404, 'not_found', 'Not Found');
      if (match.kind === 'method_not_allowed') {
        res.setHeader('Allow', match.allowed.join(', '));
        throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed');
      }
      await match.handler({ svc, ctx }, match.params);
    } catch (error) {
      // Leave the connection usable: whatever the client still sends is read and dropped.
      if (!req.readableEnded) req.resume();
      if (res.headersSent) {
        res.end();
        return;
      }
      if (error instanceof AuthError) {
        sendAuthError(res, error, ctx.apiVersion);
        return;
      }
      if (isNulRejection(error)) {
        sendAuthError(res, nulInput(), ctx.apiVersion);
        return;
      }
      console.error('[auth] unexpected failure', error);
      sendAuthError(
        res,
        new AuthError(
          500,
          'unexpected_failure',
          'Unexpected failure, please check server logs for more information',
        ),
        ctx.apiVersion,
      );
    }
  };
}
