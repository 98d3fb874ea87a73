import { msg } from '@lingui/core/macro';
import { formatMoney } from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
import type { MailAttachment, MailKind, Mailer } from '../mail/mailer.ts';
import { i18nForEdition } from '../i18n/server-i18n.ts';
import { tradeMailboxProofDays } from './trade-mailbox-proof.ts';
import type { TradeRecord } from './trade-view.ts';

/** Sends one mail and records it in `mail_log`; a failed send is logged there, not thrown. */
async function sendLogged(
  db: TradeDb,
  mailer: Mailer,
  now: Date,
  message: {
    kind: MailKind;
    edition: TradeRecord['edition'];
    to: string;
    subject: string;
    text: string;
    attachments?: MailAttachment[];
  },
): Promise<boolean> {
  const entry = {
    kind: message.kind,
    recipient: message.to,
    subject: message.subject,
    created_at: now.toISOString(),
  };
  try {
    const sent = await mailer.send(message);
    await db
      .insertInto('mail_log')
      .values({
        ...entry,
        transport: sent.file === undefined ? 'smtp' : 'outbox',
        reference: sent.file ?? sent.messageId,
        error: null,
      })
      .execute();
    return true;
  } catch (error) {
    await db
      .insertInto('mail_log')
      .values({
        ...entry,
        transport: 'failed',
        reference: null,
        error: error instanceof Error ? error.message : String(error),
      })
      .execute();
    return false;
  }
}

/** The device lines of a mail: "2 × Name: 123,45 €". */
function deviceLines(record: TradeRecord, revised: boolean): string {
  return record.items
    .map((item) => {
      const price =
        revised && item.revisedPriceCents !== null ? item.revisedPriceCents : item.priceCents;
      return `${item.quantity} × ${item.name}: ${formatMoney(record.edition, price * item.quantity)}`;
    })
    .join('\n');
}

/** The paragraph of a guest's trade mail with the link that proves the mailbox. */
function mailboxProofLines(record: TradeRecord, link: string): string[] {
  const i18n = i18nForEdition(record.edition);
  const days = tradeMailboxProofDays;
  return [
    '',
    i18n._(
      msg`You sold without logging in. To see this trade in your customer account with this e-mail address (one you have or one you create later), confirm within ${days} days that it is yours:`,
    ),
    link,
    i18n._(
      msg`If you did not sell anything, ignore this link: the trade will not be added to any customer account.`,
    ),
  ];
}

/**
 * The confirmation of a new trade, with the shipping label attached. A guest's mail carries the
 * link that proves the mailbox (`proofLink`); a customer's trade is in the account already.
 */
export function sendTradeConfirmation(
  db: TradeDb,
  mailer: Mailer,
  now: Date,
  record: TradeRecord,
  to: string,
  label: Uint8Array,
  proofLink?: string,
): Promise<boolean> {
  const i18n = i18nForEdition(record.edition);
  const total = formatMoney(record.edition, record.totalCents);
  const number = record.tradeNumber;
  const text = [
    i18n._(msg`Thank you for your trade ${number}.`),
    '',
    deviceLines(record, false),
    '',
    i18n._(msg`Total payout: ${total}`),
    '',
    i18n._(
      msg`Print the attached shipping label, stick it on the parcel and send your devices free of charge. We will tell you when they arrive.`,
    ),
    ...(proofLink === undefined ? [] : mailboxProofLines(record, proofLink)),
  ].join('\n');
  return sendLogged(db, mailer, now, {
    kind: 'trade-confirmation',
    edition: record.edition,
    to,
    subject: i18n._(msg`Your trade ${number}`),
    text,
    attachments: [
      {
        filename: `label-${number}.pdf`,
        content: Buffer.from(label),
        contentType: 'application/pdf',
      },
    ],
  });
}

/** Tells the customer that the inspection revised the offer and asks for a decision. */
export function sendClarificationMail(
  db: TradeDb,
  mailer: Mailer,
  now: Date,
  record: TradeRecord,
  to: string,
  revisedTotalCents: number,
): Promise<boolean> {
  const i18n = i18nForEdition(record.edition);
  const number = record.tradeNumber;
  const revisedTotal = formatMoney(record.edition, revisedTotalCents);
  const text = [
    i18n._(
      msg`We have inspected the devices of your trade ${number}. Their condition differs from your answers, so we made you a revised offer.`,
    ),
    '',
    deviceLines(record, true),
    '',
    i18n._(msg`Revised total: ${revisedTotal}`),
    '',
    i18n._(
      msg`Please accept the revised offer or ask for your devices back on the clarification page of your trade.`,
    ),
  ].join('\n');
  return sendLogged(db, mailer, now, {
    kind: 'clarification',
    edition: record.edition,
    to,
    subject: i18n._(msg`Revised offer for your trade ${number}`),
    text,
  });
}

/** Tells the customer that the payout is on its way. */
export function sendPaidMail(
  db: TradeDb,
  mailer: Mailer,
  now: Date,
  record: TradeRecord,
  to: string,
): Promise<boolean> {
  const i18n = i18nForEdition(record.edition);
  const number = record.tradeNumber;
  const total = formatMoney(record.edition, record.totalCents);
  return sendLogged(db, mailer, now, {
    kind: 'trade-status',
    edition: record.edition,
    to,
    subject: i18n._(msg`Your trade ${number} has been paid`),
    text: i18n._(
      msg`We have paid ${total} for your trade ${number}. Thank you for trading with us.`,
    ),
  });
}
