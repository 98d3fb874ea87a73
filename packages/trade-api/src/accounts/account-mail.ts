import { basename } from 'node:path';
import { msg } from '@lingui/core/macro';
import { shopOriginOf, type EditionCode, type ShopOriginTable } from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
import { claimWithinCaps } from '../db/windowed-cap.ts';
import { i18nForEdition } from '../i18n/server-i18n.ts';
import type { Mailer, MailKind } from '../mail/mailer.ts';
import type { TaskLogger } from './account-deps.ts';

/** Shop pages the mailed links open (the host shop reads `token` and calls the API). */
export const activationPath = '/account/register';
export const passwordResetPath = '/account/password-reset';
export const passwordForgotPath = '/account/password-forgot';

/**
 * A link into the shop of the customer's edition (its consumer shop: an account belongs to an
 * edition, not to a shop mode), with the token as query parameter.
 */
export function shopLink(
  config: { shopOrigins: ShopOriginTable },
  edition: EditionCode,
  path: string,
  token?: string,
): string {
  const url = new URL(path, shopOriginOf(config.shopOrigins, edition, 'default'));
  if (token !== undefined) url.searchParams.set('token', token);
  return url.toString();
}

/** One account mail, ready to send. */
interface AccountMail {
  kind: MailKind;
  subject: string;
  text: string;
}

/** Who a mail goes to. */
export interface MailRecipient {
  email: string;
  firstName: string;
  lastName: string;
  edition: EditionCode;
}

/** The mail with the activation link of a new registration. */
export function activationMail(recipient: MailRecipient, link: string): AccountMail {
  const i18n = i18nForEdition(recipient.edition);
  const name = `${recipient.firstName} ${recipient.lastName}`;
  return {
    kind: 'activation',
    subject: i18n._(msg`Please confirm your registration`),
    text: [
      i18n._(msg`Hello ${name},`),
      i18n._(
        msg`thank you for registering. Please confirm your e-mail address with this link within 48 hours:`,
      ),
      link,
      i18n._(msg`If you did not register, ignore this message; no account will be activated.`),
    ].join('\n\n'),
  };
}

/** The mail sent when someone registers with an address that already has an account. */
export function alreadyRegisteredMail(recipient: MailRecipient, link: string): AccountMail {
  const i18n = i18nForEdition(recipient.edition);
  const name = `${recipient.firstName} ${recipient.lastName}`;
  return {
    kind: 'activation',
    subject: i18n._(msg`Your registration`),
    text: [
      i18n._(msg`Hello ${name},`),
      i18n._(
        msg`someone tried to register with this e-mail address, which already has an account. If it was you, log in or set a new password here:`,
      ),
      link,
      i18n._(msg`If it was not you, ignore this message; your account stays unchanged.`),
    ].join('\n\n'),
  };
}

/** The mail with the password-reset link. */
export function passwordResetMail(recipient: MailRecipient, link: string): AccountMail {
  const i18n = i18nForEdition(recipient.edition);
  const name = `${recipient.firstName} ${recipient.lastName}`;
  return {
    kind: 'password-reset',
    subject: i18n._(msg`Reset your password`),
    text: [
      i18n._(msg`Hello ${name},`),
      i18n._(msg`you asked to reset your password. Set a new one with this link within one hour:`),
      link,
      i18n._(msg`If you did not ask for this, ignore this message; your password stays unchanged.`),
    ].join('\n\n'),
  };
}

/** How many mails of one kind an address may get, and in which window. */
export interface MailCap {
  max: number;
  windowMs: number;
}

/**
 * Claims one of the few mails of a kind an address may get per window: a `mail_log` row is
 * written first (transport `pending`), then only the claims made before it count. Claiming
 * before sending keeps the cap exact when several requests mail the same address at once; a
 * claim over the cap is marked `capped` and null is returned.
 */
export async function claimMailSlot(
  deps: { db: TradeDb; now: () => Date },
  recipient: string,
  kind: MailKind,
  cap: MailCap,
): Promise<number | null> {
  const now = deps.now();
  const outcome = await claimWithinCaps(deps.db, {
    table: 'mail_log',
    insert: async (trx) => {
      const row = await trx
        .insertInto('mail_log')
        .values({
          kind,
          recipient,
          subject: '',
          transport: 'pending',
          reference: null,
          error: null,
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    // The row stays as the record of a refused mail; `capped` rows count for nobody.
    release: async (trx, id) => {
      await trx.updateTable('mail_log').set({ transport: 'capped' }).where('id', '=', id).execute();
    },
    caps: [
      {
        counts: (eb) =>
          eb.and([
            eb('recipient', '=', recipient),
            eb('kind', '=', kind),
            eb('transport', '!=', 'capped'),
          ]),
        max: cap.max,
      },
    ],
    windowMs: cap.windowMs,
    now,
  });
  return 'claimId' in outcome ? outcome.claimId : null;
}

/**
 * Sends an account mail and records it in `mail_log` (with the error when sending failed): in
 * the row claimed by {@link claimMailSlot} when given, otherwise in a new one.
 */
export async function sendAccountMail(
  deps: { db: TradeDb; mailer: Mailer; now: () => Date },
  recipient: MailRecipient,
  mail: AccountMail,
  claimedSlot?: number,
): Promise<void> {
  let transport = 'unsent';
  let reference: string | null = null;
  let error: string | null = null;
  try {
    const sent = await deps.mailer.send({
      kind: mail.kind,
      edition: recipient.edition,
      to: recipient.email,
      subject: mail.subject,
      text: mail.text,
    });
    transport = sent.file === undefined ? 'smtp' : 'outbox';
    reference = sent.file === undefined ? sent.messageId : basename(sent.file);
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
  }
  const outcome = { subject: mail.subject, transport, reference, error };
  if (claimedSlot === undefined) {
    await deps.db
      .insertInto('mail_log')
      .values({
        kind: mail.kind,
        recipient: recipient.email,
        ...outcome,
        created_at: deps.now().toISOString(),
      })
      .execute();
  } else {
    await deps.db.updateTable('mail_log').set(outcome).where('id', '=', claimedSlot).execute();
  }
  if (error !== null) throw new Error(`Sending the ${mail.kind} mail failed: ${error}`);
}

/**
 * Runs work after the answer: mails go out in the background so that an answer takes as long
 * whether or not an account exists (no enumeration by timing). Failures are logged.
 */
export function runInBackground(log: TaskLogger, what: string, task: () => Promise<void>): void {
  void task().catch((error: unknown) => {
    log.error({ err: error }, `${what} failed`);
  });
}
