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
  let claims: Record<string, unknown>;
  try {
    claims = decodeClaims(token);
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

/**
 * Reads the claims of a compact JWS (`header.payload.signature`): the payload decoded from
 * base64url as UTF-8 JSON, which must be an object. Throws on anything else. Written out rather
 * than taken from `jose`, whose decoder brings its error classes and buffer helpers into every
 * bundle that logs in, for the few lines the client needs.
 */
function decodeClaims(token: string): Record<string, unknown> {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || payload === undefined || !/^[A-Za-z0-9_-]+$/.test(payload)) {
    throw new Error('a JWT has three base64url parts');
  }
  // `atob` accepts unpadded input; a length of 4n+1 cannot be base64 and throws.
  const binary = atob(payload.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  const claims: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new Error('the JWT payload is not a JSON object');
  }
  return claims as Record<string, unknown>;
}

/** Whether a token expiring at `expiryMs` must be refreshed at `nowMs` (§4: at or past expiry). */
export function isTokenExpired(expiryMs: number, nowMs: number): boolean {
  return nowMs >= expiryMs;
}

/** The `exp` claim (seconds) as epoch milliseconds, the unit of the account's tokenExpiry. */
export function expiryMilliseconds(claims: AccessTokenClaims): number {
  return claims.exp * 1000;
}
