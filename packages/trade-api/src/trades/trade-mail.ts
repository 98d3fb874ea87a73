import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TradeAfterSale, TradeStatus } from '@tradein/contract';
import { formatMoney, offerValidityDays } from '@tradein/editions';
import { formatDate } from '@tradein/editions/client';
import type { TradeDb } from '../db/create-database.ts';
import type { MailAttachment, MailKind, Mailer } from '../mail/mailer.ts';
import { i18nForEdition } from '../i18n/server-i18n.ts';
import { clarificationPageLink, clarificationQuickAnswerLink } from './clarification-links.ts';
import { tradeMailboxProofDays } from './trade-mailbox-proof.ts';
import { lineRevision, type TradeRecord } from './trade-view.ts';

/** Sends one mail and records it in `mail_log`; a failed send is logged there, not thrown. */
async function sendLogged(
  db: TradeDb,
  mailer: Mailer,
  now: Date,
  message: {
    kind: MailKind;
    edition: TradeRecord['edition'];
    /** The trade's shop mode: the B2B mode's mails speak formal German. */
    shopMode?: TradeRecord['shopMode'];
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
  const i18n = i18nForEdition(record.edition, record.shopMode);
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

/** How to follow the trade and reach us: the status page (no login) and the contact. */
function followLines(
  record: TradeRecord,
  follow: Pick<TradeAfterSale, 'statusUrl' | 'contact'>,
): string[] {
  const i18n = i18nForEdition(record.edition, record.shopMode);
  const { pageUrl, email } = follow.contact;
  return [
    '',
    i18n._(msg`Follow your trade at any time, no login needed:`),
    follow.statusUrl,
    '',
    i18n._(msg`Questions? Write to ${email} or use our contact page:`),
    pageUrl,
  ];
}

/** The ship-by date, what to do before packing, and how and when the money comes. */
function afterSaleLines(record: TradeRecord, afterSale: TradeAfterSale): string[] {
  const i18n = i18nForEdition(record.edition, record.shopMode);
  const shipBy = formatDate(record.edition, afterSale.shipBy);
  const days = afterSale.payoutBusinessDays;
  const last4 = afterSale.payout.method === 'sepa' ? afterSale.payout.ibanLast4 : '';
  const payout =
    afterSale.payout.method === 'paypal'
      ? i18n._(msg`We pay you by PayPal to the address you gave at checkout.`)
      : i18n._(msg`We pay you by SEPA transfer to your account ending in ${last4}.`);
  return [
    '',
    i18n._(
      msg`Please send your parcel by ${shipBy}: until then the shipping label and your offer are valid.`,
    ),
    '',
    i18n._(msg`Before you pack:`),
    ...afterSale.preparation.flatMap((kind) => [
      `${kind.heading}:`,
      ...kind.steps.map((step) => `- ${step}`),
    ]),
    '',
    payout,
    i18n._(
      msg`The money arrives within ${days} business days after we have accepted your devices: right after the inspection when they match your answers.`,
    ),
  ];
}

/** The selling company's VAT ID of a business trade, as it goes on the credit note. */
function vatIdLines(record: TradeRecord, i18n: I18n): string[] {
  const vatId = record.vatId;
  if (vatId === null) return [];
  return [i18n._(msg`VAT ID of the selling company: ${vatId} (as on the credit note)`)];
}

/**
 * The confirmation of a new trade, with the shipping label attached: what to do by when, how the
 * money comes, the status page and the contact. A guest's mail carries the link that proves the
 * mailbox (`proofLink`); a customer's trade is in the account already.
 */
/** The subject of a trade's confirmation mail; it names the trade, so it is the trade's own. */
function tradeConfirmationSubject(record: TradeRecord): string {
  const number = record.tradeNumber;
  return i18nForEdition(record.edition, record.shopMode)._(msg`Your trade ${number}`);
}

/**
 * Whether the confirmation of a trade was sent to `to` already, as `mail_log` records it: a job
 * whose worker sent the mail but could not mark the job done (the database froze in between)
 * runs again after its lease, and must not send it twice.
 */
export async function tradeConfirmationSent(
  db: TradeDb,
  record: TradeRecord,
  to: string,
): Promise<boolean> {
  const sent = await db
    .selectFrom('mail_log')
    .select('id')
    .where('kind', '=', 'trade-confirmation')
    .where('recipient', '=', to)
    .where('subject', '=', tradeConfirmationSubject(record))
    .where('transport', 'in', ['outbox', 'smtp'])
    .executeTakeFirst();
  return sent !== undefined;
}

export function sendTradeConfirmation(
  db: TradeDb,
  mailer: Mailer,
  now: Date,
  record: TradeRecord,
  to: string,
  label: Uint8Array,
  afterSale: TradeAfterSale,
  proofLink?: string,
): Promise<boolean> {
  const i18n = i18nForEdition(record.edition, record.shopMode);
  const total = formatMoney(record.edition, record.totalCents);
  const number = record.tradeNumber;
  const text = [
    i18n._(msg`Thank you for your trade ${number}.`),
    '',
    deviceLines(record, false),
    '',
    i18n._(msg`Total payout: ${total}`),
    ...vatIdLines(record, i18n),
    '',
    i18n._(
      msg`Print the attached shipping label, stick it on the parcel and send your devices free of charge. We will tell you when they arrive.`,
    ),
    ...afterSaleLines(record, afterSale),
    ...followLines(record, afterSale),
    ...(proofLink === undefined ? [] : mailboxProofLines(record, proofLink)),
  ].join('\n');
  return sendLogged(db, mailer, now, {
    kind: 'trade-confirmation',
    edition: record.edition,
    shopMode: record.shopMode,
    to,
    subject: tradeConfirmationSubject(record),
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

/** What a clarification mail is about: the trade, its recipient and the page's capability. */
export interface ClarificationMail {
  record: TradeRecord;
  to: string;
  /** The origin of the shop the trade was made in, which the links start with. */
  shopOrigin: string;
  /** The capability of this mail (`clarification_links`). */
  link: string;
  /** The total if every open revised offer is accepted. */
  revisedTotalCents: number;
}

/** The lines that lead to the clarification page: what it is, and its link. */
function pageLinkLines(mail: ClarificationMail): string[] {
  const i18n = i18nForEdition(mail.record.edition, mail.record.shopMode);
  const days = offerValidityDays;
  return [
    i18n._(msg`Your clarification page (no login needed, valid for ${days} days):`),
    clarificationPageLink(mail.shopOrigin, mail.link, mail.record.tradeNumber),
  ];
}

/**
 * Tells the customer that the inspection revised the offer and asks for a decision per device:
 * the page of the clarification link, and for each open device a link that accepts its revised
 * offer in one step.
 */
export function sendClarificationMail(
  db: TradeDb,
  mailer: Mailer,
  now: Date,
  mail: ClarificationMail,
): Promise<boolean> {
  const { record } = mail;
  const i18n = i18nForEdition(record.edition, record.shopMode);
  const number = record.tradeNumber;
  const revisedTotal = formatMoney(record.edition, mail.revisedTotalCents);
  const quickAnswers = record.items.flatMap((item) => {
    const revision = lineRevision(record, item);
    if (revision?.state !== 'open' || revision.revisedOfferId === null) return [];
    const name = item.name;
    const price = formatMoney(record.edition, (item.revisedPriceCents ?? 0) * item.quantity);
    return [
      i18n._(msg`Accept ${price} for ${name} in one step:`),
      clarificationQuickAnswerLink(mail.shopOrigin, mail.link, number, revision.revisedOfferId),
    ];
  });
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
    i18n._(
      msg`You decide for each device on its own; a device you ask back is returned to you free of charge.`,
    ),
    '',
    ...pageLinkLines(mail),
    ...(quickAnswers.length === 0 ? [] : ['', ...quickAnswers]),
  ].join('\n');
  return sendLogged(db, mailer, now, {
    kind: 'clarification',
    edition: record.edition,
    shopMode: record.shopMode,
    to: mail.to,
    subject: i18n._(msg`Revised offer for your trade ${number}`),
    text,
  });
}

/**
 * Tells the customer the good news of an upward correction: the inspection found a device in
 * better condition than described, so it is paid at a higher price without any decision.
 */
export function sendUpwardCorrectionMail(
  db: TradeDb,
  mailer: Mailer,
  now: Date,
  mail: ClarificationMail & { position: number },
): Promise<boolean> {
  const { record } = mail;
  const i18n = i18nForEdition(record.edition, record.shopMode);
  const number = record.tradeNumber;
  const item = record.items.find((candidate) => candidate.position === mail.position);
  const name = item?.name ?? '';
  const before = formatMoney(record.edition, (item?.priceCents ?? 0) * (item?.quantity ?? 1));
  const after = formatMoney(
    record.edition,
    (item?.revisedPriceCents ?? item?.priceCents ?? 0) * (item?.quantity ?? 1),
  );
  const total = formatMoney(record.edition, mail.revisedTotalCents);
  const text = [
    i18n._(
      msg`Good news: we have inspected your ${name} from trade ${number}, and it is in better condition than you described.`,
    ),
    i18n._(msg`We therefore pay you ${after} instead of ${before}. You need not do anything.`),
    '',
    i18n._(msg`New total: ${total}`),
    '',
    ...pageLinkLines(mail),
  ].join('\n');
  return sendLogged(db, mailer, now, {
    kind: 'clarification',
    edition: record.edition,
    shopMode: record.shopMode,
    to: mail.to,
    subject: i18n._(msg`Good news: a higher price for your trade ${number}`),
    text,
  });
}

/**
 * The statuses whose change the customer is told of by a status mail. A created trade has its
 * confirmation, and a clarification is told of by the mail of the revised offer.
 */
type MailedTradeStatus = Exclude<TradeStatus, 'created' | 'clarification'>;

/** Whether the change to `status` gets a status mail. */
export function hasStatusMail(status: TradeStatus): status is MailedTradeStatus {
  return status !== 'created' && status !== 'clarification';
}

/** A status mail: the trade as it stands now, where the mail goes, its status page and contact. */
export interface TradeStatusMail {
  record: TradeRecord;
  to: string;
  follow: Pick<TradeAfterSale, 'statusUrl' | 'contact'>;
}

/** What the words of a status mail name: the trade, its number and its total as money. */
interface StatusMailFacts {
  record: TradeRecord;
  number: string;
  total: string;
}

/** The subject and text of each status mail, in the language of `i18n`. */
const statusMailWords: Record<
  MailedTradeStatus,
  (i18n: I18n, facts: StatusMailFacts) => { subject: string; text: string }
> = {
  received: (i18n, { number }) => ({
    subject: i18n._(msg`We have received your trade ${number}`),
    text: i18n._(
      msg`Your parcel for trade ${number} has arrived. We are now inspecting your devices and will write to you again when the payout is on its way, or first if their condition differs from your answers.`,
    ),
  }),
  inspected: (i18n, { record, number, total }) => ({
    subject: i18n._(msg`Your devices of trade ${number} are being inspected`),
    text: [
      i18n._(msg`We are inspecting the devices of your trade ${number}:`),
      '',
      deviceLines(record, false),
      '',
      i18n._(
        msg`If their condition matches your answers, we pay you ${total}; otherwise we make you a revised offer first.`,
      ),
    ].join('\n'),
  }),
  accepted: (i18n, { number, total }) => ({
    subject: i18n._(msg`Your trade ${number} is accepted`),
    text: i18n._(
      msg`The clarification of your trade ${number} is settled and the trade is accepted. We are preparing your payout of ${total} and will write to you when it is on its way.`,
    ),
  }),
  returned: (i18n, { number }) => ({
    subject: i18n._(msg`Your devices of trade ${number} are coming back`),
    text: i18n._(
      msg`We are sending the devices of your trade ${number} back to you free of charge. Nothing is paid for this trade.`,
    ),
  }),
  paid: (i18n, { number, total }) => ({
    subject: i18n._(msg`Your trade ${number} has been paid`),
    text: i18n._(
      msg`We have paid ${total} for your trade ${number}. Thank you for trading with us.`,
    ),
  }),
};

/** Tells the customer of the trade's change to `status`, and of what follows it. */
export function sendStatusMail(
  db: TradeDb,
  mailer: Mailer,
  now: Date,
  status: MailedTradeStatus,
  { record, to, follow }: TradeStatusMail,
): Promise<boolean> {
  const facts = {
    record,
    number: record.tradeNumber,
    total: formatMoney(record.edition, record.totalCents),
  };
  const words = statusMailWords[status](i18nForEdition(record.edition, record.shopMode), facts);
  return sendLogged(db, mailer, now, {
    kind: 'trade-status',
    edition: record.edition,
    shopMode: record.shopMode,
    to,
    subject: words.subject,
    text: [words.text, ...followLines(record, follow)].join('\n'),
  });
}

/** One offer of a stored cart, as a reminder lists it. */
export interface CartReminderOffer {
  deviceName: string;
  priceCents: number;
}

/**
 * Reminds a logged-in customer that the offers of the stored cart expire in two days (the cart
 * expires with its earliest offer).
 */
export function sendCartExpiryReminder(
  db: TradeDb,
  mailer: Mailer,
  now: Date,
  reminder: {
    edition: TradeRecord['edition'];
    to: string;
    expiresAt: string;
    offers: readonly CartReminderOffer[];
  },
): Promise<boolean> {
  const i18n = i18nForEdition(reminder.edition);
  const date = formatDate(reminder.edition, reminder.expiresAt);
  const lines = reminder.offers
    .map((offer) => `${offer.deviceName}: ${formatMoney(reminder.edition, offer.priceCents)}`)
    .join('\n');
  const text = [
    i18n._(msg`The offers in your cart expire on ${date}:`),
    '',
    lines,
    '',
    i18n._(
      msg`Complete your sale in our shop before then to keep these prices. After that day the devices have to be priced again.`,
    ),
  ].join('\n');
  return sendLogged(db, mailer, now, {
    kind: 'expiry-reminder',
    edition: reminder.edition,
    to: reminder.to,
    subject: i18n._(msg`Your offers expire on ${date}`),
    text,
  });
}

/**
 * Reminds the seller of an unshipped trade that its shipping label expires in two days, with the
 * label attached once more.
 */
export function sendLabelExpiryReminder(
  db: TradeDb,
  mailer: Mailer,
  now: Date,
  reminder: { record: TradeRecord; to: string; expiresAt: string; label: Uint8Array },
): Promise<boolean> {
  const { record } = reminder;
  const i18n = i18nForEdition(record.edition, record.shopMode);
  const number = record.tradeNumber;
  const date = formatDate(record.edition, reminder.expiresAt);
  const text = [
    i18n._(
      msg`We have not received the parcel of your trade ${number} yet. Its shipping label is valid until ${date}: please send your devices by then.`,
    ),
    '',
    deviceLines(record, false),
    '',
    i18n._(msg`The label is attached once more.`),
  ].join('\n');
  return sendLogged(db, mailer, now, {
    kind: 'expiry-reminder',
    edition: record.edition,
    shopMode: record.shopMode,
    to: reminder.to,
    subject: i18n._(msg`Your shipping label for trade ${number} expires on ${date}`),
    text,
    attachments: [
      {
        filename: `label-${number}.pdf`,
        content: Buffer.from(reminder.label),
        contentType: 'application/pdf',
      },
    ],
  });
}
