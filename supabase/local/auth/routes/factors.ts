/** MFA (TOTP): POST /factors, /factors/{id}/challenge, /factors/{id}/verify, DELETE /factors/{id} — GoTrue api/mfa.go. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../contracts.ts';
import { AuthError, notFound, unprocessable, validation } from '../errors.ts';
import { str, type AuthService, type RequestContext } from '../service.ts';
import { addAmrClaim, requireUser, sessionResponse } from '../sessions.ts';
import { generateRefreshToken } from '../tokens.ts';
import { generateTotpSecret, otpauthUri, qrSvg, verifyTotp } from '../totp.ts';
import { listFactors, toDate, type FactorRow } from '../users.ts';

type Query = Pick<Db, 'query'>;

/** GoTrue's default MFA challenge lifetime (mfa.challenge_expiry_duration). */
const CHALLENGE_TTL_SECONDS = 300;

async function userFactor(svc: AuthService, userId: string, factorId: string): Promise<FactorRow> {
  const factor = (await listFactors(svc.db, userId)).find((candidate) => candidate.id === factorId);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

export async function enroll(svc: AuthService, ctx: RequestContext): Promise<void> {
  const { user } = await requireUser(svc, ctx);
  const body = await ctx.body();
  const factorType = str(body, 'factor_type') ?? '';
  if (factorType !== 'totp') {
    if (factorType === 'phone')
      throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (factorType === 'webauthn')
      throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    throw validation('factor_type needs to be totp, phone or webauthn');
  }
  if (!svc.config.auth.mfaTotpEnroll)
    throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  const friendlyName = str(body, 'friendly_name') ?? '';
  const issuer = str(body, 'issuer') ?? new URL(svc.config.siteUrl).hostname;
  const factors = await listFactors(svc.db, user.id);
  if (friendlyName !== '' && factors.some((factor) => factor.friendly_name === friendlyName)) {
    throw unprocessable(
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
  if (factors.length >= svc.config.auth.maxEnrolledFactors) {
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  const secret = generateTotpSecret();
  const uri = otpauthUri(issuer, user.email ?? user.phone ?? user.id, secret);
  const id = randomUUID();
  const now = svc.nowIso();
  await svc.db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', $4, $4, $5)`,
    [id, user.id, friendlyName, now, secret],
  );
  ctx.json(200, {
    id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: qrSvg(uri), secret, uri },
  });
}

export async function challenge(svc: AuthService, ctx: RequestContext, factorId: string): Promise<void> {
  const { user } = await requireUser(svc, ctx);
  const factor = await userFactor(svc, user.id, factorId);
  if (factor.factor_type === 'totp' && !svc.config.auth.mfaTotpVerify) {
    throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  }
  const id = randomUUID();
  const now = svc.now();
  await svc.db.query(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, $3, $4::inet)`,
    [id, factor.id, now.toISOString(), /^[0-9a-fA-F:.]+$/.test(ctx.ip) ? ctx.ip : '127.0.0.1'],
  );
  ctx.json(200, {
    id,
    type: factor.factor_type,
    expires_at: Math.floor(now.getTime() / 1000) + CHALLENGE_TTL_SECONDS,
  });
}

export async function verify(svc: AuthService, ctx: RequestContext, factorId: string): Promise<void> {
  const { user, session } = await requireUser(svc, ctx);
  const body = await ctx.body();
  const challengeId = str(body, 'challenge_id') ?? '';
  const code = (str(body, 'code') ?? '').trim();
  if (challengeId === '') throw validation('challenge_id is required');
  const factor = await userFactor(svc, user.id, factorId);
  if (!svc.config.auth.mfaTotpVerify)
    throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  const { rows } = await svc.db.query<{
    id: string;
    created_at: Date | string;
    verified_at: Date | string | null;
  }>(`select id, created_at, verified_at from auth.mfa_challenges where id = $1 and factor_id = $2`, [
    /^[0-9a-f-]{36}$/i.test(challengeId) ? challengeId : '00000000-0000-0000-0000-000000000000',
    factor.id,
  ]);
  const found = rows[0];
  if (!found || found.verified_at) {
    throw notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  }
  const createdAt = toDate(found.created_at)?.getTime() ?? 0;
  if (createdAt + CHALLENGE_TTL_SECONDS * 1000 < svc.now().getTime()) {
    await svc.db.query(`delete from auth.mfa_challenges where id = $1`, [found.id]);
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  if (!verifyTotp(factor.secret ?? '', code, svc.nowSeconds())) {
    throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
  }
  const response = await svc.transaction(async (tx) => {
    const now = svc.nowIso();
    await tx.query(`update auth.mfa_challenges set verified_at = $2 where id = $1`, [found.id, now]);
    await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = $2 where id = $1`, [
      factor.id,
      now,
    ]);
    // The session steps up to aal2, records `totp` in amr, and gets a fresh refresh token
    // (GoTrue revokes the old chain so a token minted at aal1 cannot mint aal2 tokens).
    await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = $3 where id = $1`, [
      session.id,
      factor.id,
      now,
    ]);
    await addAmrClaim(tx, session.id, 'totp', now);
    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = $2 where session_id = $1`, [
      session.id,
      now,
    ]);
    const refreshToken = generateRefreshToken();
    await tx.query(
      `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ($1, $2, false, $3, $3, null, $4)`,
      [refreshToken, user.id, now, session.id],
    );
    return sessionResponse(svc, tx, user.id, session.id, refreshToken);
  });
  ctx.json(200, response);
}

export async function unenroll(svc: AuthService, ctx: RequestContext, factorId: string): Promise<void> {
  const { user, session } = await requireUser(svc, ctx);
  const factor = await userFactor(svc, user.id, factorId);
  if (factor.status === 'verified' && session.aal !== 'aal2') {
    throw new AuthError(403, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await svc.transaction((tx) => deleteFactor(tx, user.id, factor.id));
  ctx.json(200, { id: factor.id });
}

/** Removes a factor; sessions that reached aal2 with it fall back to aal1 (GoTrue downgrades them). */
export async function deleteFactor(tx: Query, userId: string, factorId: string): Promise<void> {
  await tx.query(`delete from auth.mfa_factors where id = $1`, [factorId]);
  await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factorId]);
  const remaining = await listFactors(tx, userId);
  if (!remaining.some((other) => other.status === 'verified')) {
    await tx.query(
      `delete from auth.mfa_amr_claims where authentication_method = 'totp'
         and session_id in (select id from auth.sessions where user_id = $1)`,
      [userId],
    );
  }
}
