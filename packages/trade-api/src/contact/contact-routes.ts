import { basename } from 'node:path';
import { msg } from '@lingui/core/macro';
import {
  apiErrorCode,
  contactMessageEndpoint,
  type ContactMessageRequest,
} from '@tradein/contract';
import { getEdition } from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
import type { ContactMessagesTable } from '../db/schema.ts';
import { claimWithinCaps, type ClaimOutcome } from '../db/windowed-cap.ts';
import type { Insertable } from 'kysely';
import { i18nForEdition } from '../i18n/server-i18n.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { HttpError } from '../server/http-error.ts';
import type { Route } from '../server/route.ts';

/** How many contact messages one sender address and one client may send per window. */
export interface ContactLimits {
  perSender: number;
  perClient: number;
  windowMs: number;
}

/** A few messages an hour are plenty for a customer; more would let anyone flood the service team. */
const defaultContactLimits: ContactLimits = {
  perSender: 3,
  perClient: 10,
  windowMs: 60 * 60 * 1000,
};

/** What the contact route needs. */
export interface ContactDeps {
  db: TradeDb;
  mailer: Mailer;
  /** The current time; tests pass a fixed clock. */
  clock?: () => Date;
  /** Default: {@link defaultContactLimits}. */
  limits?: ContactLimits;
}

/** The mail to the service team, in the edition's language; answers go to the sender. */
function contactMail(body: ContactMessageRequest, subjectLabel: string): MailMessage {
  const edition = getEdition(body.edition);
  const i18n = i18nForEdition(body.edition);
  const name = body.name.trim();
  const lines = [
    i18n._(msg`Subject: ${subjectLabel}`),
    i18n._(msg`Name: ${name}`),
    i18n._(msg`E-mail address: ${body.email}`),
    ...(body.tradeNumber === undefined ? [] : [i18n._(msg`Trade number: ${body.tradeNumber}`)]),
    '',
    body.message.trim(),
  ];
  return {
    kind: 'contact',
    edition: body.edition,
    to: edition.contact.toAddress,
    replyTo: body.email,
    subject: i18n._(msg`Contact form: ${subjectLabel}`),
    text: lines.join('\n'),
  };
}

/** Removes a message's row: one over a cap or not sent counts against nobody. */
async function deleteMessage(db: TradeDb, id: number): Promise<void> {
  await db.deleteFrom('contact_messages').where('id', '=', id).execute();
}

/**
 * Claims the row of a message within the per-sender and per-client limits, before it is sent;
 * a claim over a limit is removed again.
 */
function claimMessage(
  db: TradeDb,
  limits: ContactLimits,
  now: Date,
  message: Omit<Insertable<ContactMessagesTable>, 'mail_reference' | 'created_at'>,
): Promise<ClaimOutcome> {
  return claimWithinCaps(db, {
    table: 'contact_messages',
    insert: async (trx) => {
      const row = await trx
        .insertInto('contact_messages')
        .values({ ...message, mail_reference: null, created_at: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    release: (trx, id) => deleteMessage(trx, id),
    caps: [
      { counts: (eb) => eb('sender_email', '=', message.sender_email), max: limits.perSender },
      { counts: (eb) => eb('client_address', '=', message.client_address), max: limits.perClient },
    ],
    windowMs: limits.windowMs,
    now,
  });
}

/**
 * Registers the contact call: the message goes by mail to the edition's service team
 * (`contact.toAddress`) with the sender as reply-to. A row in `contact_messages` is claimed
 * before sending and counted with the earlier ones, so the per-sender and per-client limits hold
 * exactly with parallel requests and several API nodes.
 */
export function registerContactRoutes(route: Route, deps: ContactDeps): void {
  const clock = deps.clock ?? (() => new Date());
  const limits = deps.limits ?? defaultContactLimits;

  route(contactMessageEndpoint, async ({ body, request, reply }) => {
    const subject = getEdition(body.edition).helpWidget.contactSubjects.find(
      (candidate) => candidate.key === body.subject,
    );
    if (subject === undefined) {
      throw new HttpError(400, apiErrorCode.validationFailed, 'The request is not valid', [
        {
          path: 'subject',
          message: `Subject must be one of the ${body.edition} edition's subjects`,
        },
      ]);
    }
    const now = clock();
    const outcome = await claimMessage(deps.db, limits, now, {
      edition: body.edition,
      subject: subject.key,
      sender_email: body.email.trim().toLowerCase(),
      client_address: request.ip,
      trade_number: body.tradeNumber ?? null,
    });
    if ('retryAfterSeconds' in outcome) {
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      throw new HttpError(
        429,
        apiErrorCode.tooManyRequests,
        'Too many messages from this sender; try again later',
      );
    }
    try {
      const sent = await deps.mailer.send(contactMail(body, subject.label));
      const reference = sent.file === undefined ? sent.messageId : basename(sent.file);
      await deps.db
        .updateTable('contact_messages')
        .set({ mail_reference: reference })
        .where('id', '=', outcome.claimId)
        .execute();
    } catch (error) {
      // Not sent: it must not count against the sender, who will try again.
      await deleteMessage(deps.db, outcome.claimId);
      throw error;
    }
    return { ok: true as const };
  });
}
