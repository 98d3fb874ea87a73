import { sql } from 'kysely';
import type { EditionCode } from '@tradein/editions';
import { editionCodeSchema } from '@tradein/editions';
import * as z from 'zod/mini';
import type { TradeDb } from '../db/create-database.ts';
import { labelOf } from '../trades/trade-label.ts';
import { isCartOffer } from '../trades/cart-offer.ts';
import type { TradeDeps } from '../trades/trade-deps.ts';
import { sendCartExpiryReminder, sendLabelExpiryReminder } from '../trades/trade-mail.ts';
import { loadTrade } from '../trades/trade-view.ts';
import { deleteOldDoneJobs, enqueueJob } from './job-queue.ts';
import { defineJobHandler, type JobHandler } from './job-worker.ts';
import { sendOrThrow } from './mail-attempt.ts';
import { daysAfter } from '../time/day.ts';

/*
 * Reminders before something the seller holds expires (docs/trades.md, "Reminders"): the offers
 * of a logged-in customer's stored cart, and the shipping label of a trade that was not sent.
 * A scan job finds them every quarter of an hour and enqueues one reminder job per cart or
 * label; the dedupe key makes each reminder once, whichever node scans and however often.
 */

/** A reminder goes out this many days before the expiry. */
const expiryReminderLeadDays = 2;

/**
 * A shipping label is valid this many days after checkout: the trade should be on its way by
 * then (docs/trades.md, "Shipping label"). The same as an offer's validity, so the prices the
 * seller was promised and the label end together.
 */
export const labelValidityDays = 14;

/** How often the reminders are looked for, across all nodes together. */
export const reminderScanIntervalMs = 15 * 60_000;

/** The scan that enqueues reminders. */
const reminderScanKind = 'expiry-reminder-scan';
/** A reminder before a stored cart's offers expire. */
export const cartReminderKind = 'cart-expiry-reminder';
/** A reminder before an unshipped trade's label expires. */
export const labelReminderKind = 'label-expiry-reminder';

/**
 * Enqueues the scan of the current quarter of an hour. Every node calls this before it looks for
 * due jobs; the slot is the dedupe key, so one scan per slot runs, on whichever node claims it.
 */
export async function enqueueReminderScan(db: TradeDb, now: Date): Promise<boolean> {
  const slot = new Date(
    Math.floor(now.getTime() / reminderScanIntervalMs) * reminderScanIntervalMs,
  );
  return enqueueJob(
    db,
    {
      kind: reminderScanKind,
      dedupeKey: `${reminderScanKind}:${slot.toISOString()}`,
      payload: {},
      runAt: slot,
    },
    now,
  );
}

/** The dedupe keys of one customer's cart reminders in one edition start with this. */
function cartReminderKeyPrefix(customerId: string, edition: string): string {
  return `${cartReminderKind}:${customerId}:${edition}:`;
}

/** The value of a JSON text, or undefined when it is none (the schema check then fails). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const cartReminderPayloadSchema = z.object({
  customerId: z.string(),
  edition: editionCodeSchema,
  offerIds: z.array(z.string()).check(z.minLength(1)),
  /** When the cart expires: its earliest offer's expiry. */
  expiresAt: z.iso.datetime(),
});

/**
 * When the customer's current cart in the edition began, as the browser keeps it: a cart is
 * emptied by a checkout and when it expires (with its earliest offer), so only offers created
 * after the customer's last checkout and after the expiry of the last cart reminded of are in
 * it. Null when neither happened.
 */
async function cartStart(
  db: TradeDb,
  customerId: string,
  edition: EditionCode,
  now: Date,
): Promise<string | null> {
  const checkout = await db
    .selectFrom('trades')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('customer_id', '=', customerId)
    .where('edition', '=', edition)
    .executeTakeFirst();
  const prefix = cartReminderKeyPrefix(customerId, edition);
  const reminders = await db
    .selectFrom('jobs')
    .select('payload')
    .where('kind', '=', cartReminderKind)
    .where(sql<string>`substr(${sql.ref('dedupe_key')}, 1, ${prefix.length})`, '=', prefix)
    .execute();
  const ends = reminders.flatMap((row) => {
    const cart = cartReminderPayloadSchema.safeParse(parseJson(row.payload));
    return cart.success && cart.data.expiresAt <= now.toISOString() ? [cart.data.expiresAt] : [];
  });
  const starts = [checkout?.at ?? null, ...ends].filter((at): at is string => at !== null);
  return starts.length === 0 ? null : (starts.toSorted().at(-1) ?? null);
}

/**
 * Enqueues a reminder for every stored cart of a logged-in customer that expires within the lead
 * time. The server does not see the browser's cart; it sees the offers a registered, activated
 * customer created while logged in (`offers.customer_id`, set by `POST /api/trade/offers` with
 * the customer's token) that no checkout took. The cart expires with its earliest offer, as in
 * the browser. Answers how many reminders were added.
 */
export async function enqueueCartReminders(db: TradeDb, now: Date): Promise<number> {
  const at = now.toISOString();
  const until = daysAfter(now, expiryReminderLeadDays).toISOString();
  const candidates = await db
    .selectFrom('offers')
    .innerJoin('customers', 'customers.id', 'offers.customer_id')
    .select(['offers.customer_id as customerId', 'offers.edition'])
    .distinct()
    .where('customers.is_guest', '=', 0)
    .where('customers.activated_at', 'is not', null)
    .where('customers.email', '<>', '')
    .where('offers.valid_until', '>', at)
    .where('offers.valid_until', '<=', until)
    .where(isCartOffer)
    .execute();
  let added = 0;
  for (const candidate of candidates) {
    const edition = editionCodeSchema.safeParse(candidate.edition);
    if (candidate.customerId === null || !edition.success) continue;
    const customerId = candidate.customerId;
    const start = await cartStart(db, customerId, edition.data, now);
    let query = db
      .selectFrom('offers')
      .select(['offers.id', 'offers.valid_until'])
      .where('offers.customer_id', '=', customerId)
      .where('offers.edition', '=', edition.data)
      .where('offers.valid_until', '>', at)
      .where(isCartOffer)
      .orderBy('offers.valid_until')
      .orderBy('offers.id');
    if (start !== null) query = query.where('offers.created_at', '>=', start);
    const cart = await query.execute();
    const earliest = cart[0];
    if (earliest === undefined || earliest.valid_until > until) continue;
    const enqueued = await enqueueJob(
      db,
      {
        kind: cartReminderKind,
        dedupeKey: `${cartReminderKeyPrefix(customerId, edition.data)}${earliest.id}`,
        payload: {
          customerId,
          edition: edition.data,
          offerIds: cart.map((offer) => offer.id),
          expiresAt: earliest.valid_until,
        },
        runAt: now,
      },
      now,
    );
    if (enqueued) added += 1;
  }
  return added;
}

/**
 * Enqueues a reminder for every trade still `created` (not received) whose label expires within
 * the lead time. Answers how many reminders were added.
 */
export async function enqueueLabelReminders(db: TradeDb, now: Date): Promise<number> {
  const stillValidAfter = daysAfter(now, -labelValidityDays).toISOString();
  const dueFrom = daysAfter(now, expiryReminderLeadDays - labelValidityDays).toISOString();
  const trades = await db
    .selectFrom('trades')
    .select(['id', 'trade_number'])
    .where('status', '=', 'created')
    .where('created_at', '>', stillValidAfter)
    .where('created_at', '<=', dueFrom)
    .execute();
  let added = 0;
  for (const trade of trades) {
    const enqueued = await enqueueJob(
      db,
      {
        kind: labelReminderKind,
        dedupeKey: `${labelReminderKind}:${trade.id}`,
        payload: { tradeNumber: trade.trade_number },
        runAt: now,
      },
      now,
    );
    if (enqueued) added += 1;
  }
  return added;
}

/** The scan: enqueues the due reminders and removes old done jobs. */
function reminderScanHandler(db: TradeDb): JobHandler {
  return defineJobHandler(reminderScanKind, z.object({}), async (_payload, { now }) => {
    await enqueueCartReminders(db, now);
    await enqueueLabelReminders(db, now);
    await deleteOldDoneJobs(db, now);
  });
}

/**
 * Sends a cart reminder. What changed since the scan is respected: offers that were checked out
 * or expired meanwhile leave the mail, and a checkout of the customer in the edition after the
 * reminder was enqueued emptied the cart, so nothing is sent.
 */
function cartReminderHandler(deps: TradeDeps): JobHandler {
  return defineJobHandler(cartReminderKind, cartReminderPayloadSchema, async (payload, context) => {
    const { now, job } = context;
    const customer = await deps.db
      .selectFrom('customers')
      .select('email')
      .where('id', '=', payload.customerId)
      .where('is_guest', '=', 0)
      .executeTakeFirst();
    if (customer === undefined || customer.email.trim() === '') return;
    const checkedOut = await deps.db
      .selectFrom('trades')
      .select('id')
      .where('customer_id', '=', payload.customerId)
      .where('edition', '=', payload.edition)
      .where('created_at', '>=', job.created_at)
      .executeTakeFirst();
    if (checkedOut !== undefined) return;
    const offers = await deps.db
      .selectFrom('offers')
      .innerJoin('devices', 'devices.id', 'offers.device_id')
      // The device's name as a trade line keeps it at checkout.
      .select(['offers.price_cents', 'devices.name'])
      .where('offers.id', 'in', payload.offerIds)
      .where('offers.valid_until', '>', now.toISOString())
      .where(isCartOffer)
      .orderBy('offers.valid_until')
      .orderBy('offers.id')
      .execute();
    if (offers.length === 0) return;
    await sendOrThrow(deps.mailer, (mailer) =>
      sendCartExpiryReminder(deps.db, mailer, now, {
        edition: payload.edition,
        to: customer.email,
        expiresAt: payload.expiresAt,
        offers: offers.map((offer) => ({
          deviceName: offer.name,
          priceCents: offer.price_cents,
        })),
      }),
    );
  });
}

/**
 * Sends a label reminder with the label attached, unless the parcel arrived meanwhile (or the
 * label expired before the mail could go).
 */
function labelReminderHandler(deps: TradeDeps): JobHandler {
  return defineJobHandler(
    labelReminderKind,
    z.object({ tradeNumber: z.string() }),
    async (payload, { now }) => {
      const record = await loadTrade(deps.db, payload.tradeNumber);
      if (record?.status !== 'created' || record.customerId === null) return;
      const expiresAt = daysAfter(new Date(record.createdAt), labelValidityDays);
      if (expiresAt <= now) return;
      const customer = await deps.db
        .selectFrom('customers')
        .select('email')
        .where('id', '=', record.customerId)
        .executeTakeFirst();
      if (customer === undefined || customer.email.trim() === '') return;
      const label = await labelOf(record);
      await sendOrThrow(deps.mailer, (mailer) =>
        sendLabelExpiryReminder(deps.db, mailer, now, {
          record,
          to: customer.email,
          expiresAt: expiresAt.toISOString(),
          label,
        }),
      );
    },
  );
}

/** The scan and the two reminders. */
export function expiryReminderHandlers(deps: TradeDeps): JobHandler[] {
  return [reminderScanHandler(deps.db), cartReminderHandler(deps), labelReminderHandler(deps)];
}
