import { randomUUID } from 'node:crypto';
import { apiErrorCode, customerIdSchema } from '@tradein/contract';
import { compactVerify, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { TradeApiConfig } from '../config/trade-api-config.ts';
import { HttpError } from '../server/http-error.ts';

/** Who issues access tokens and for whom; both are checked on every bearer call. */
const tokenIssuer = 'tradein-trade-api';
const tokenAudience = 'tradein-shop';

/** Lifetime of a customer's access token: short, since refresh tokens keep the login. */
export const accessTokenSeconds = 15 * 60;
/** Lifetime of a guest's access token: long enough for one checkout; guests get no refresh token. */
export const guestTokenSeconds = 2 * 60 * 60;

/** What a verified access token says. */
export interface AccessClaims {
  customerId: string;
  /** The refresh-token family (login session) it belongs to; absent for guest tokens. */
  sessionId: string | undefined;
}

type SigningConfig = Pick<TradeApiConfig, 'jwtSecret'>;

function signingKey(config: SigningConfig): Uint8Array {
  return new TextEncoder().encode(config.jwtSecret);
}

/**
 * Signs an HS256 access token: `sub` = customer id, `sid` = session, `iat`, `exp`, `jti`, `iss`,
 * `aud`. The `jti` is random unless `tokenId` is given: the same claims then sign the same token.
 */
export async function issueAccessToken(
  config: SigningConfig,
  claims: {
    customerId: string;
    sessionId?: string;
    lifetimeSeconds: number;
    now: Date;
    tokenId?: string;
  },
): Promise<string> {
  const issuedAt = Math.floor(claims.now.getTime() / 1000);
  const payload: JWTPayload = claims.sessionId === undefined ? {} : { sid: claims.sessionId };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.customerId)
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + claims.lifetimeSeconds)
    .setJti(claims.tokenId ?? randomUUID())
    .sign(signingKey(config));
}

/** Reads the claims this server relies on; null when they are missing or malformed. */
function readClaims(payload: JWTPayload): AccessClaims | null {
  const subject = customerIdSchema.safeParse(payload.sub);
  if (!subject.success) return null;
  const sessionId = payload['sid'];
  if (sessionId !== undefined && typeof sessionId !== 'string') return null;
  return { customerId: subject.data, sessionId };
}

/**
 * Verifies an access token: HS256 only (so `alg: none` and other algorithms fail), signature,
 * issuer, audience, `exp` against `now`, and the required claims. Throws a 401 otherwise.
 */
export async function verifyAccessToken(
  config: SigningConfig,
  token: string,
  now: Date,
): Promise<AccessClaims> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, signingKey(config), {
      algorithms: ['HS256'],
      issuer: tokenIssuer,
      audience: tokenAudience,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    }));
  } catch {
    throw new HttpError(
      401,
      apiErrorCode.unauthorized,
      'Your session has ended. Please log in again.',
    );
  }
  const claims = readClaims(payload);
  if (claims === null) {
    throw new HttpError(
      401,
      apiErrorCode.unauthorized,
      'Your session has ended. Please log in again.',
    );
  }
  return claims;
}

/**
 * Reads a token this server signed without checking its expiry (logout of an expired session).
 * Answers null for anything not signed with our key.
 */
export async function readSignedAccessToken(
  config: SigningConfig,
  token: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await compactVerify(token, signingKey(config), { algorithms: ['HS256'] });
    const parsed: unknown = JSON.parse(new TextDecoder().decode(payload));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const claims = parsed as JWTPayload;
    if (claims.iss !== tokenIssuer || claims.aud !== tokenAudience) return null;
    return readClaims(claims);
  } catch {
    return null;
  }
}
