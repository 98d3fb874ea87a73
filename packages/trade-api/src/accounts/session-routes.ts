import {
  apiErrorCode,
  guestSessionEndpoint,
  loginEndpoint,
  loginRefreshEndpoint,
  logoutEndpoint,
  type TokenPair,
} from '@tradein/contract';
import type { FastifyReply } from 'fastify';
import { validationError } from '../server/api-context.ts';
import { HttpError } from '../server/http-error.ts';
import type { Route } from '../server/route.ts';
import {
  accessTokenSeconds,
  guestTokenSeconds,
  issueAccessToken,
  readSignedAccessToken,
} from './access-token.ts';
import type { ResolvedAccountDeps } from './account-deps.ts';
import { insertNewCustomer } from './customer-records.ts';
import { editionForLocale } from './edition-for-locale.ts';
import {
  admitGuestSession,
  admitLoginAttempt,
  forgetLoginAttempt,
  recordLoginSuccess,
  TooManyAttemptsError,
} from './login-throttle.ts';
import { verifyPassword } from './password-hashing.ts';
import {
  familyOfRefreshToken,
  issueRefreshToken,
  revokeFamily,
  rotateRefreshToken,
} from './refresh-tokens.ts';

/** Runs a throttle check and answers its result; a 429 carries `Retry-After` with the seconds to wait. */
export async function withRetryAfter<T>(reply: FastifyReply, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof TooManyAttemptsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  }
}

/**
 * A token pair for a session (refresh family): an access token naming the family. A refresh
 * gives the access token's id and issue time, so that answering the same refresh again signs
 * the very same token.
 */
async function tokenPair(
  deps: ResolvedAccountDeps,
  customerId: string,
  refresh: { token: string; familyId: string },
  issued: { now: Date; tokenId?: string },
): Promise<TokenPair> {
  const accessToken = await issueAccessToken(deps.config, {
    customerId,
    sessionId: refresh.familyId,
    lifetimeSeconds: accessTokenSeconds,
    ...issued,
  });
  return {
    access_token: accessToken,
    refresh_token: refresh.token,
    expires_in: accessTokenSeconds,
    token_type: 'Bearer',
  };
}

const invalidCredentials = () =>
  new HttpError(
    401,
    apiErrorCode.invalidCredentials,
    'The e-mail address or the password is wrong.',
  );

/** Creates a guest customer with its person record; retries on the rare customer-number collision. */
async function createGuestCustomer(
  deps: ResolvedAccountDeps,
  locale: string,
  edition: string,
  now: Date,
) {
  return insertNewCustomer(deps.db, 'guest', async (trx, { id, customerNumber }) => {
    await trx
      .insertInto('customers')
      .values({
        id,
        customer_number: customerNumber,
        // A guest has no details until guest_account_number gives them (empty e-mail = none yet).
        email: '',
        salutation: null,
        first_name: '',
        last_name: '',
        company: null,
        locale,
        edition,
        password_hash: null,
        activated_at: null,
        is_guest: 1,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    await trx.insertInto('people').values({ customer_id: id, address_id: null }).execute();
  });
}

/** Login, token refresh, logout (§7) and the guest session. */
export function registerSessionRoutes(route: Route, deps: ResolvedAccountDeps): void {
  const { db, limits } = deps;

  route(loginEndpoint, async ({ body, request, reply }) => {
    const email = body.username.trim().toLowerCase();
    const now = deps.clock();
    const attempt = { email, ip: request.ip, now };
    const attemptId = await withRetryAfter(reply, () => admitLoginAttempt(db, attempt, limits));
    const customer = await db
      .selectFrom('customers')
      .select(['id', 'password_hash', 'activated_at'])
      .where('email', '=', email)
      .where('is_guest', '=', 0)
      .executeTakeFirst();
    // Unknown addresses verify against a dummy hash, so they take as long as known ones.
    const valid = await verifyPassword(customer?.password_hash ?? null, body.password);
    // A wrong password leaves the admitted attempt recorded as a failure.
    if (!valid || customer === undefined) throw invalidCredentials();
    if (customer.activated_at === null) {
      await forgetLoginAttempt(db, attemptId);
      throw new HttpError(
        403,
        apiErrorCode.accountNotActivated,
        'Please activate your account first with the link in the mail we sent you.',
      );
    }
    await recordLoginSuccess(db, attempt);
    const refresh = await issueRefreshToken(db, customer.id, now);
    return tokenPair(deps, customer.id, refresh, { now });
  });

  route(loginRefreshEndpoint, async ({ headers }) => {
    const now = deps.clock();
    const result = await rotateRefreshToken(db, deps.config, headers.refresh, now);
    if (result.outcome !== 'rotated') {
      throw new HttpError(
        401,
        apiErrorCode.invalidRefreshToken,
        'Your session has ended. Please log in again.',
      );
    }
    return tokenPair(deps, result.customerId, result.next, {
      now: result.issuedAt,
      tokenId: result.accessTokenId,
    });
  });

  // Logout always answers ok: the client forgets its tokens anyway, and whatever session either
  // token names (when it is ours) ends, so its access tokens stop working at once.
  route(logoutEndpoint, async ({ headers }) => {
    const now = deps.clock();
    const refresh = await familyOfRefreshToken(db, headers.refresh);
    if (refresh !== undefined) await revokeFamily(db, refresh.familyId, now);
    const access = await readSignedAccessToken(deps.config, headers.access);
    if (access?.sessionId !== undefined) await revokeFamily(db, access.sessionId, now);
    return { ok: true as const };
  });

  route(guestSessionEndpoint, async ({ body, request, reply }) => {
    const edition = editionForLocale(body.locale);
    if (edition === undefined) {
      throw validationError([{ path: ['locale'], message: 'No shop edition speaks this locale' }]);
    }
    const now = deps.clock();
    await withRetryAfter(reply, () => admitGuestSession(db, { ip: request.ip, now }, limits));
    const customerId = await createGuestCustomer(deps, body.locale, edition, now);
    const accessToken = await issueAccessToken(deps.config, {
      customerId,
      lifetimeSeconds: guestTokenSeconds,
      now,
    });
    return {
      access_token: accessToken,
      expires_in: guestTokenSeconds,
      token_type: 'Bearer' as const,
    };
  });
}
