import {
  activateCustomerByIdentifierEndpoint,
  activateRegistrationEndpoint,
  registerEndpoint,
  type RegisterRequest,
  resendActivationEndpoint,
} from '@tradein/contract';
import type { EditionCode } from '@tradein/editions';
import { validationError } from '../server/api-context.ts';
import type { Route } from '../server/route.ts';
import type { ResolvedAccountDeps, TaskLogger } from './account-deps.ts';
import {
  activationMail,
  activationPath,
  alreadyRegisteredMail,
  passwordForgotPath,
  claimMailSlot,
  runInBackground,
  sendAccountMail,
  shopLink,
  type MailRecipient,
} from './account-mail.ts';
import type { MailCap } from './account-mail.ts';
import { addressColumns, insertNewCustomer } from './customer-records.ts';
import { editionForLocale, storedEdition } from './edition-for-locale.ts';
import { bindGuestTradeClaim, claimGuestTrades } from './guest-trades.ts';
import { consumeOneTimeToken, createOneTimeToken } from './one-time-tokens.ts';
import { hashPassword } from './password-hashing.ts';

/** The cap on account mails of one kind to one address (a few an hour). */
function mailCap(deps: ResolvedAccountDeps): MailCap {
  return { max: deps.limits.resetMailsPerAccount, windowMs: deps.limits.resetMailWindowMs };
}

/** Raised when the address got a registered account between the check and the insert. */
class EmailTakenError extends Error {}

/**
 * Creates an unactivated customer with number, address, person record and payout data, and binds
 * the guest trade of the registration's `tradeClaim` to it (same address only).
 */
async function createRegisteredCustomer(
  deps: ResolvedAccountDeps,
  body: RegisterRequest,
  edition: EditionCode,
  passwordHash: string,
  now: Date,
): Promise<string> {
  const stamp = now.toISOString();
  return insertNewCustomer(
    deps.db,
    'registered',
    async (trx, { id, customerNumber }) => {
      await trx
        .insertInto('customers')
        .values({
          id,
          customer_number: customerNumber,
          email: body.email,
          salutation: body.Address.salutation,
          first_name: body.firstName,
          last_name: body.lastName,
          company: body.Address.company ?? null,
          locale: body.attributes.locale,
          edition,
          password_hash: passwordHash,
          activated_at: null,
          is_guest: 0,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      const address = await trx
        .insertInto('addresses')
        .values({
          customer_id: id,
          ...addressColumns(body.Address),
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('people').values({ customer_id: id, address_id: address.id }).execute();
      if (body.tradeClaim !== undefined) {
        // Whether a trade was bound stays unsaid: the answer is the same either way.
        await bindGuestTradeClaim(trx, {
          token: body.tradeClaim,
          email: body.email,
          customerId: id,
          now,
        });
      }
      const payment = body.Payment;
      if (payment === null) return;
      const paypal =
        payment.paypalAccount === null
          ? null
          : await trx
              .insertInto('paypal_accounts')
              .values({
                customer_id: id,
                email: payment.paypalAccount.email,
                created_at: stamp,
                updated_at: stamp,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
      const bank =
        payment.bankAccount === null
          ? null
          : await trx
              .insertInto('bank_accounts')
              .values({
                customer_id: id,
                account_holder: payment.bankAccount.accountHolder,
                iban: payment.bankAccount.iban,
                bic: payment.bankAccount.bic ?? null,
                created_at: stamp,
                updated_at: stamp,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
      await trx
        .insertInto('customer_payment_accounts')
        .values({
          customer_id: id,
          paypal_account_id: paypal?.id ?? null,
          bank_account_id: bank?.id ?? null,
          payment_type: 'INVOICE',
          is_primary: 1,
          created_at: stamp,
        })
        .execute();
    },
    async () => {
      const taken = await deps.db
        .selectFrom('customers')
        .select('id')
        .where('email', '=', body.email)
        .where('is_guest', '=', 0)
        .executeTakeFirst();
      if (taken !== undefined) throw new EmailTakenError();
    },
  );
}

/** Sends the activation link for a customer (a fresh single-use token, valid 48 hours). */
async function sendActivation(
  deps: ResolvedAccountDeps,
  customerId: string,
  recipient: MailRecipient,
): Promise<void> {
  const mailDeps = { ...deps, now: deps.clock };
  const slot = await claimMailSlot(mailDeps, recipient.email, 'activation', mailCap(deps));
  if (slot === null) return;
  const token = await createOneTimeToken(deps.db, customerId, 'activation', deps.clock());
  const link = shopLink(deps.config, recipient.edition, activationPath, token);
  await sendAccountMail(mailDeps, recipient, activationMail(recipient, link), slot);
}

/**
 * A registration for an address that already has an account: the answer is the same as for a new
 * one, and the mail tells the owner. Unactivated: a fresh activation link (the stored data and
 * password stay). Activated: a notice with a link to the password-forgot page.
 */
function mailExistingAccount(deps: ResolvedAccountDeps, log: TaskLogger, email: string): void {
  runInBackground(log, 'registration mail', async () => {
    const customer = await deps.db
      .selectFrom('customers')
      .select(['id', 'first_name', 'last_name', 'edition', 'activated_at'])
      .where('email', '=', email)
      .where('is_guest', '=', 0)
      .executeTakeFirst();
    if (customer === undefined) return;
    const recipient: MailRecipient = {
      email,
      firstName: customer.first_name,
      lastName: customer.last_name,
      edition: storedEdition(customer.edition),
    };
    if (customer.activated_at === null) {
      await sendActivation(deps, customer.id, recipient);
      return;
    }
    const mailDeps = { ...deps, now: deps.clock };
    const slot = await claimMailSlot(mailDeps, email, 'activation', mailCap(deps));
    if (slot === null) return;
    const link = shopLink(deps.config, recipient.edition, passwordForgotPath);
    await sendAccountMail(mailDeps, recipient, alreadyRegisteredMail(recipient, link), slot);
  });
}

/**
 * Sends a fresh activation link to the registered, not yet activated customer of an address, in
 * the edition the customer registered in (the text and sender of the first activation mail).
 * Activated, guest and unknown addresses get nothing.
 */
function resendActivation(deps: ResolvedAccountDeps, log: TaskLogger, email: string): void {
  runInBackground(log, 'activation mail', async () => {
    const customer = await deps.db
      .selectFrom('customers')
      .select(['id', 'first_name', 'last_name', 'edition'])
      .where('email', '=', email)
      .where('is_guest', '=', 0)
      .where('activated_at', 'is', null)
      .executeTakeFirst();
    if (customer === undefined) return;
    await sendActivation(deps, customer.id, {
      email,
      firstName: customer.first_name,
      lastName: customer.last_name,
      edition: storedEdition(customer.edition),
    });
  });
}

/** Registration, its activation and a new activation link (§7). */
export function registerRegistrationRoutes(route: Route, deps: ResolvedAccountDeps): void {
  const { db } = deps;

  route(registerEndpoint, async ({ body, request }) => {
    const edition = editionForLocale(body.attributes.locale);
    if (edition === undefined) {
      throw validationError([
        { path: ['attributes', 'locale'], message: 'No shop edition speaks this locale' },
      ]);
    }
    // The schema allows exactly one credential.
    const [credential] = body.credentials;
    if (credential === undefined) {
      throw validationError([
        { path: ['credentials'], message: 'Exactly one password credential' },
      ]);
    }
    // Hash first on every path, so a known address answers as slowly as a new one.
    const passwordHash = await hashPassword(credential.value);
    const now = deps.clock();
    const existing = await db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', body.email)
      .where('is_guest', '=', 0)
      .executeTakeFirst();
    if (existing !== undefined) {
      mailExistingAccount(deps, request.log, body.email);
      return { ok: true as const };
    }
    let customerId: string;
    try {
      customerId = await createRegisteredCustomer(deps, body, edition, passwordHash, now);
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      mailExistingAccount(deps, request.log, body.email);
      return { ok: true as const };
    }
    const recipient = {
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      edition,
    };
    runInBackground(request.log, 'activation mail', () =>
      sendActivation(deps, customerId, recipient),
    );
    return { ok: true as const };
  });

  // Even the look-up of the address happens after the answer, so the answer is the same, and as
  // fast, for every address; the mail counts against the registration mails' cap.
  route(resendActivationEndpoint, async ({ body, request }) => {
    resendActivation(deps, request.log, body.email);
    return { ok: true as const };
  });

  /** Activates the customer of an activation token; false for unknown, used or expired tokens. */
  async function activate(token: string): Promise<boolean> {
    const now = deps.clock();
    const customerId = await consumeOneTimeToken(db, token, 'activation', now);
    if (customerId === undefined) return false;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('customers')
        .set({ activated_at: now.toISOString(), updated_at: now.toISOString() })
        .where('id', '=', customerId)
        .where('activated_at', 'is', null)
        .execute();
      await claimGuestTrades(trx, customerId, now);
    });
    return true;
  }

  // A failed activation answers 200 with `token: null`: the contract's parseActivation turns a
  // missing token into the error of §5/§8, and the shop shows its "link expired" message.
  route(activateRegistrationEndpoint, async ({ headers }) => {
    const { token } = headers;
    const activated = await activate(token);
    return activated ? { token, activated: true } : { token: null, activated: false };
  });

  route(activateCustomerByIdentifierEndpoint, async ({ headers }) => ({
    activated: await activate(headers.identifier),
  }));
}
