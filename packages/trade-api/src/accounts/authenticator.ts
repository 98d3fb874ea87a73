import type { FastifyRequest } from 'fastify';
import type { TradeApiConfig } from '../config/trade-api-config.ts';
import type { TradeDb } from '../db/create-database.ts';
import { HttpError } from '../server/http-error.ts';
import type { Authenticator } from '../server/route.ts';
import { verifyAccessToken, type AccessClaims } from './access-token.ts';
import type { Clock } from './account-deps.ts';
import { apiErrorCode } from '@tradein/contract';

/** What the authenticator needs. */
export interface AuthenticatorOptions {
  db: TradeDb;
  config: Pick<TradeApiConfig, 'jwtSecret'>;
  /** Default: the system clock. */
  clock?: Clock;
}

/** The bearer token of a request, or a 401 when there is none. */
function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match =
    typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]{1,8192})$/i.exec(header) : null;
  if (match?.[1] === undefined) {
    throw new HttpError(401, apiErrorCode.unauthorized, 'Please log in to continue.');
  }
  return match[1];
}

/**
 * Checks that the token's customer still exists and its session is alive: a customer token must
 * belong to a refresh family that is not revoked (logout, password reset and reuse detection end
 * access tokens at once, not only after their 15 minutes), a guest token to a guest customer.
 */
async function sessionIsAlive(db: TradeDb, claims: AccessClaims): Promise<boolean> {
  if (claims.sessionId === undefined) {
    const guest = await db
      .selectFrom('customers')
      .select('id')
      .where('id', '=', claims.customerId)
      .where('is_guest', '=', 1)
      .executeTakeFirst();
    return guest !== undefined;
  }
  const session = await db
    .selectFrom('refresh_tokens')
    .innerJoin('customers', 'customers.id', 'refresh_tokens.customer_id')
    .select('refresh_tokens.id')
    .where('refresh_tokens.customer_id', '=', claims.customerId)
    .where('refresh_tokens.family_id', '=', claims.sessionId)
    .where('refresh_tokens.revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return session !== undefined;
}

/** Verifies the bearer token of a request and answers its claims; 401 for anything else. */
export async function authenticateRequest(
  options: AuthenticatorOptions,
  request: FastifyRequest,
): Promise<AccessClaims> {
  const token = bearerToken(request);
  const now = (options.clock ?? (() => new Date()))();
  const claims = await verifyAccessToken(options.config, token, now);
  if (!(await sessionIsAlive(options.db, claims))) {
    throw new HttpError(
      401,
      apiErrorCode.unauthorized,
      'Your session has ended. Please log in again.',
    );
  }
  return claims;
}

/**
 * The bearer-token check of the trade API, for `buildTradeApi({ authenticate })`: a valid HS256
 * access token of this server (issuer, audience, expiry) whose customer and session still exist.
 * Missing, expired, tampered or foreign tokens answer 401 JSON.
 */
export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  return async (request) => {
    const claims = await authenticateRequest(options, request);
    return { customerId: claims.customerId };
  };
}
