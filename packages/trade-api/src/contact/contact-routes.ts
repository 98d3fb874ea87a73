import { basename } from 'node:path';
import { msg } from '@lingui/core/macro';
import {
  apiErrorCode,
  contactMessageEndpoint,
  type ContactMessageRequest,
} from '@tradein/contract';
import { getEdition } from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
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

/** Seconds until the oldest counted message of a full window leaves it. */
function secondsUntilFree(oldest: string, windowMs: number, now: Date): number {
  const free = new Date(oldest).getTime() + windowMs - now.getTime();
  return Math.max(1, Math.ceil(free / 1000));
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
    const sender = body.email.trim().toLowerCase();
    const client = request.ip;
    const claimed = await deps.db
      .insertInto('contact_messages')
      .values({
        edition: body.edition,
        subject: subject.key,
        sender_email: sender,
        client_address: client,
        trade_number: body.tradeNumber ?? null,
        mail_reference: null,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const since = new Date(now.getTime() - limits.windowMs).toISOString();
    const earlier = (column: 'sender_email' | 'client_address', value: string) =>
      deps.db
        .selectFrom('contact_messages')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .where(column, '=', value)
        .where('created_at', '>', since)
        .where('id', '<=', claimed.id)
        .executeTakeFirstOrThrow();
    const [bySender, byClient] = await Promise.all([
      earlier('sender_email', sender),
      earlier('client_address', client),
    ]);
    const full = [
      { counted: bySender, max: limits.perSender },
      { counted: byClient, max: limits.perClient },
    ].filter(({ counted, max }) => Number(counted.count) > max);
    if (full.length > 0) {
      await deps.db.deleteFrom('contact_messages').where('id', '=', claimed.id).execute();
      const wait = Math.max(
        ...full.map(({ counted }) =>
          secondsUntilFree(String(counted.oldest), limits.windowMs, now),
        ),
      );
      reply.header('retry-after', String(wait));
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
        .where('id', '=', claimed.id)
        .execute();
    } catch (error) {
      // Not sent: it must not count against the sender, who will try again.
      await deps.db.deleteFrom('contact_messages').where('id', '=', claimed.id).execute();
      throw error;
    }
    return { ok: true as const };
  });
}
