import { decodeJwt } from 'jose';

/** The claims of an access token that the client relies on. */
export interface AccessTokenClaims {
  /** The customer id (`sub`). */
  readonly sub: string;
  /** Expiry in seconds since the epoch (`exp`). */
  readonly exp: number;
}

/**
 * Reads `sub` and `exp` from an access token. The signature is not checked: the client cannot
 * verify it and does not need to, the server checks every bearer call. Throws on a token that is
 * not a JWT or lacks either claim.
 */
export function decodeAccessToken(token: string): AccessTokenClaims {
  let claims: ReturnType<typeof decodeJwt>;
  try {
    claims = decodeJwt(token);
  } catch (error) {
    throw new Error('access token is not a readable JWT', { cause: error });
  }
  const { sub, exp } = claims;
  if (typeof sub !== 'string' || sub === '') {
    throw new Error('access token has no subject (sub) claim');
  }
  if (typeof exp !== 'number' || !Number.isFinite(exp)) {
    throw new Error('access token has no expiry (exp) claim');
  }
  return { sub, exp };
}

/** Whether a token expiring at `expiryMs` must be refreshed at `nowMs` (§4: at or past expiry). */
export function isTokenExpired(expiryMs: number, nowMs: number): boolean {
  return nowMs >= expiryMs;
}

/** The `exp` claim (seconds) as epoch milliseconds, the unit of the account's tokenExpiry. */
export function expiryMilliseconds(claims: AccessTokenClaims): number {
  return claims.exp * 1000;
}
