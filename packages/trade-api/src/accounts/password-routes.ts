import {
  apiErrorCode,
  changePasswordEndpoint,
  forgotPasswordMailEndpoint,
  resetPasswordEndpoint,
} from '@tradein/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../server/http-error.ts';
import type { Route } from '../server/route.ts';
import type { AccessClaims } from './access-token.ts';
import type { ResolvedAccountDeps } from './account-deps.ts';
import {
  passwordResetMail,
  passwordResetPath,
  claimMailSlot,
  runInBackground,
  sendAccountMail,
  shopLink,
} from './account-mail.ts';
import { authenticateRequest } from './authenticator.ts';
import { notFound } from './customer-records.ts';
import { claimGuestTrades } from './guest-trades.ts';
import { editionForLanguage, storedEdition } from './edition-for-locale.ts';
import { admitLoginAttempt, clearAddressThrottles, recordLoginSuccess } from './login-throttle.ts';
import { consumeOneTimeToken, createOneTimeToken, retireOneTimeTokens } from './one-time-tokens.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { revokeCustomerSessions } from './refresh-tokens.ts';
import { withRetryAfter } from './session-routes.ts';

/** Checks the bearer token of a call whose contract entry does not (yet) require one. */
export function requireBearer(
  deps: ResolvedAccountDeps,
  request: FastifyRequest,
): Promise<AccessClaims> {
  return authenticateRequest({ db: deps.db, config: deps.config, clock: deps.clock }, request);
}

/** Forgotten password, reset by mailed token, and change by the logged-in customer (§7). */
export function registerPasswordRoutes(route: Route, deps: ResolvedAccountDeps): void {
  const { db } = deps;

  // The same answer whether or not the address has an account; the mail goes out in the background.
  route(forgotPasswordMailEndpoint, async ({ body, request }) => {
    const email = body.email.trim().toLowerCase();
    const customer = await db
      .selectFrom('customers')
      .select(['id', 'first_name', 'last_name', 'edition'])
      .where('email', '=', email)
      .where('is_guest', '=', 0)
      .executeTakeFirst();
    if (customer !== undefined) {
      runInBackground(request.log, 'password-reset mail', async () => {
        // A few links an hour are plenty; more would let anyone flood the mailbox.
        const mailDeps = { ...deps, now: deps.clock };
        const slot = await claimMailSlot(mailDeps, email, 'password-reset', {
          max: deps.limits.resetMailsPerAccount,
          windowMs: deps.limits.resetMailWindowMs,
        });
        if (slot === null) return;
        const token = await createOneTimeToken(db, customer.id, 'password_reset', deps.clock());
        const recipient = {
          email,
          firstName: customer.first_name,
          lastName: customer.last_name,
          edition: editionForLanguage(body.lang, storedEdition(customer.edition)),
        };
        const link = shopLink(deps.config, recipient.edition, passwordResetPath, token);
        await sendAccountMail(mailDeps, recipient, passwordResetMail(recipient, link), slot);
      });
    }
    return { ok: true as const };
  });

  // A reset proves the mailbox, so it also activates an account that never was; it ends every
  // session and every other reset link, and lets the customer in at once: the address's failed
  // logins are forgotten and this client becomes known to it.
  route(resetPasswordEndpoint, async ({ body, headers, request }) => {
    const passwordHash = await hashPassword(body.password);
    const now = deps.clock();
    const customerId = await consumeOneTimeToken(db, headers.token, 'password_reset', now);
    if (customerId === undefined) {
      throw new HttpError(
        400,
        apiErrorCode.invalidToken,
        'This link is invalid or has expired. Please ask for a new one.',
      );
    }
    await db.transaction().execute(async (trx) => {
      const customer = await trx
        .updateTable('customers')
        .set((eb) => ({
          password_hash: passwordHash,
          activated_at: eb.fn.coalesce('activated_at', eb.val(now.toISOString())),
          updated_at: now.toISOString(),
        }))
        .where('id', '=', customerId)
        .returning('email')
        .executeTakeFirst();
      await retireOneTimeTokens(trx, customerId, 'password_reset', now);
      await revokeCustomerSessions(trx, customerId, now);
      if (customer !== undefined) {
        await clearAddressThrottles(trx, { email: customer.email, ip: request.ip, now });
      }
      await claimGuestTrades(trx, customerId, now);
    });
    return { ok: true as const };
  });

  // The contract marks this call `auth: 'none'`; a password change needs the session too, so the
  // bearer token is checked here, and the current password proves the person at the keyboard.
  route(changePasswordEndpoint, async ({ body, request, reply }) => {
    const claims = await requireBearer(deps, request);
    const email = body.email.trim().toLowerCase();
    const customer = await db
      .selectFrom('customers')
      .select(['id', 'email', 'password_hash'])
      .where('id', '=', claims.customerId)
      .where('is_guest', '=', 0)
      .executeTakeFirst();
    if (customer === undefined || body.userId !== customer.id || email !== customer.email) {
      throw notFound('Account');
    }
    const now = deps.clock();
    const attempt = { email: customer.email, ip: request.ip, now };
    await withRetryAfter(reply, () => admitLoginAttempt(db, attempt, deps.limits));
    // A wrong password leaves the admitted attempt recorded as a failed login.
    if (!(await verifyPassword(customer.password_hash, body.currentPassword))) {
      throw new HttpError(400, apiErrorCode.wrongPassword, 'The current password is wrong.', [
        { path: 'currentPassword', message: 'The current password is wrong' },
      ]);
    }
    await recordLoginSuccess(db, attempt);
    const passwordHash = await hashPassword(body.password);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('customers')
        .set({ password_hash: passwordHash, updated_at: now.toISOString() })
        .where('id', '=', customer.id)
        .execute();
      // Other devices must log in again with the new password; this session stays.
      await revokeCustomerSessions(trx, customer.id, now, claims.sessionId);
      await retireOneTimeTokens(trx, customer.id, 'password_reset', now);
    });
    return { ok: true as const };
  });
}
