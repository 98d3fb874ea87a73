import { randomUUID } from 'node:crypto';
import type { TradeStatus } from '@tradein/contract';
import type { EditionCode, ShopMode } from '@tradein/editions';
import { sql } from 'kysely';
import { seededRandom } from '../src/catalogue/catalogue-id.ts';
import { databaseDialect, type TradeDb } from '../src/db/create-database.ts';

/*
 * Trades written straight into the tables, for the trades queue's tests and benchmark: many
 * rows fast (multi-row inserts with ids chosen here), without checkout, mails or jobs. The
 * devices must exist (seed a catalogue first); ids 1000–1005 are those of `testCatalogue`.
 */

/** A customer of written trades. */
export interface QueueCustomer {
  id: string;
  firstName: string;
  lastName: string;
  /** Lower-case, as the API stores addresses. */
  email: string;
}

/** A trade to write; `lines` are quantities, one line per entry. */
export interface QueueTrade {
  id: number;
  status: TradeStatus;
  edition: EditionCode;
  shopMode: ShopMode;
  partner: string | null;
  createdAt: string;
  totalCents: number;
  customerId: string | null;
  lines: number[];
}

/** The trade number of a written trade, as checkout makes it from the id and the year. */
export function queueTradeNumber(trade: Pick<QueueTrade, 'id' | 'createdAt'>): string {
  return `T-${trade.createdAt.slice(0, 4)}-${String(trade.id).padStart(6, '0')}`;
}

/** Rows per insert statement: below both databases' limit of bound parameters per statement. */
const rowsPerInsert = 1000;

/** Inserts `rows` into `table` in statements of {@link rowsPerInsert} rows. */
async function insertAll(
  db: TradeDb,
  table: 'customers' | 'trades' | 'offers' | 'trade_items',
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    const chunk = rows.slice(start, start + rowsPerInsert);
    // The rows are built to the table's columns just below; the builder's types cannot follow
    // a table chosen at run time.
    await db
      .insertInto(table)
      .values(chunk as never)
      .execute();
  }
}

/**
 * Writes customers and trades (each line an offer of device `deviceId` and a trade line) in
 * one transaction. On PostgreSQL the id sequences are moved past the ids written, so trades
 * made afterwards by checkout get ids of their own.
 */
export async function insertQueueTrades(
  db: TradeDb,
  customers: readonly QueueCustomer[],
  trades: readonly QueueTrade[],
  deviceId = 1000,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertAll(
      trx,
      'customers',
      customers.map((customer, index) => ({
        id: customer.id,
        customer_number: `Q${String(index + 1).padStart(9, '0')}`,
        email: customer.email,
        salutation: null,
        first_name: customer.firstName,
        last_name: customer.lastName,
        company: null,
        locale: 'de-DE',
        edition: 'de',
        password_hash: null,
        activated_at: null,
        is_guest: 1,
        created_at: '2024-01-01T00:00:00.000Z',
        updated_at: '2024-01-01T00:00:00.000Z',
      })),
    );
    await insertAll(
      trx,
      'trades',
      trades.map((trade) => ({
        id: trade.id,
        trade_number: queueTradeNumber(trade),
        customer_id: trade.customerId,
        edition: trade.edition,
        status: trade.status,
        address_snapshot: '{}',
        payment_type: 1,
        payout_details: '{}',
        voucher_code: null,
        total_cents: trade.totalCents,
        is_b2b: trade.shopMode === 'b2bWidget' ? 1 : 0,
        partner: trade.partner,
        shop_mode: trade.shopMode,
        created_at: trade.createdAt,
        updated_at: trade.createdAt,
      })),
    );
    const offers: Record<string, unknown>[] = [];
    const items: Record<string, unknown>[] = [];
    for (const trade of trades) {
      const each = Math.floor(trade.totalCents / Math.max(1, trade.lines.length));
      for (const quantity of trade.lines) {
        const offerId = randomUUID();
        const priceCents = Math.floor(each / quantity);
        offers.push({
          id: offerId,
          device_id: deviceId,
          edition: trade.edition,
          answers: '{}',
          price_cents: priceCents,
          is_recycling: 0,
          valid_until: trade.createdAt,
          customer_id: trade.customerId,
          created_at: trade.createdAt,
        });
        items.push({
          id: items.length + 1,
          trade_id: trade.id,
          offer_id: offerId,
          device_id: deviceId,
          device_name: 'Queue device',
          quantity,
          price_cents: priceCents,
        });
      }
    }
    // Item ids start after those already stored.
    const stored = await trx
      .selectFrom('trade_items')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const offset = Number(stored?.id ?? 0);
    for (const item of items) item['id'] = Number(item['id']) + offset;
    await insertAll(trx, 'offers', offers);
    await insertAll(trx, 'trade_items', items);
    if (databaseDialect(trx) === 'postgres') {
      for (const table of ['trades', 'trade_items']) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 1))`.execute(
          trx,
        );
      }
    }
  });
}

const firstNames = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Greta',
  'Hannah',
  'Ilias',
  'Jonas',
  'Katharina',
  'Lukas',
  'Marie',
  'Noah',
  'Olivia',
  'Paul',
  'Sofia',
  'Tim',
  'Ursula',
  'Valentin',
  'Lucía',
  'Mateo',
  'Chloé',
  'Louis',
  'Giulia',
  'Leonardo',
  'Élodie',
  'Jürgen',
  'Zoë',
  'Ömer',
];
const lastNames = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'García',
  'Martínez',
  'López',
  'Dubois',
  'Martin',
  'Bernard',
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Huber',
  'Gruber',
  'Wimmer',
  'Lehmann',
  'Krause',
  'Maier',
  'Köhler',
  'Herrmann',
  'König',
];
const mailDomains = ['example.com', 'mail.example', 'post.example', 'web.example'];

/** How often each status occurs among generated trades: most trades are done. */
const statusWeights: readonly (readonly [TradeStatus, number])[] = [
  ['paid', 55],
  ['returned', 6],
  ['created', 14],
  ['received', 6],
  ['inspected', 8],
  ['clarification', 5],
  ['accepted', 6],
];
/** How often each edition and shop mode occurs: Germany leads. */
const editionWeights: readonly (readonly [EditionCode, number])[] = [
  ['de', 55],
  ['at', 12],
  ['fr', 13],
  ['es', 10],
  ['it', 10],
];
const modeWeights: readonly (readonly [ShopMode, number])[] = [
  ['default', 80],
  ['b2bWidget', 6],
  ['agan', 8],
  ['aganwidget', 6],
];

/** A weighted choice. */
function pick<T>(random: () => number, weights: readonly (readonly [T, number])[]): T {
  const sum = weights.reduce((total, [, weight]) => total + weight, 0);
  let roll = random() * sum;
  for (const [value, weight] of weights) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = weights.at(-1);
  if (last === undefined) throw new Error('no weights');
  return last[0];
}

/**
 * `count` trades of `customerCount` customers spread over the two years before `until`, in
 * checkout order (ids grow with time, as they do in the shop): statuses, editions and shop
 * modes weighted like a running shop, a partner code on a fifth of the trades, 1–3 lines of
 * 1–2 devices, totals from 5 to 1,500 €. The same seed gives the same trades.
 */
export function generateQueueTrades(
  count: number,
  customerCount: number,
  until: Date,
  seed = 1,
): { customers: QueueCustomer[]; trades: QueueTrade[] } {
  const random = seededRandom(seed);
  const customers: QueueCustomer[] = [];
  for (let index = 0; index < customerCount; index += 1) {
    const firstName = firstNames[Math.floor(random() * firstNames.length)] ?? 'Anna';
    const lastName = lastNames[Math.floor(random() * lastNames.length)] ?? 'Müller';
    const domain = mailDomains[index % mailDomains.length] ?? 'example.com';
    const local = `${firstName}.${lastName}${index}`
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase();
    customers.push({ id: randomUUID(), firstName, lastName, email: `${local}@${domain}` });
  }
  const span = 2 * 365 * 86_400_000;
  const start = until.getTime() - span;
  const partners = ['partner-1', 'partner-2', 'mediamarkt', 'saturn', 'otto'];
  const trades: QueueTrade[] = [];
  for (let index = 0; index < count; index += 1) {
    const createdAt = new Date(start + Math.floor((span * (index + random())) / count));
    const lineCount = 1 + Math.floor(random() * random() * 3);
    const lines = Array.from({ length: lineCount }, () => (random() < 0.85 ? 1 : 2));
    const recent = until.getTime() - createdAt.getTime() < 30 * 86_400_000;
    // Open statuses belong to recent trades mostly; old trades are paid or returned.
    const status =
      recent || random() < 0.03
        ? pick(random, statusWeights)
        : random() < 0.9
          ? 'paid'
          : 'returned';
    trades.push({
      id: index + 1,
      status,
      edition: pick(random, editionWeights),
      shopMode: pick(random, modeWeights),
      partner: random() < 0.2 ? (partners[Math.floor(random() * partners.length)] ?? null) : null,
      createdAt: createdAt.toISOString(),
      totalCents: 500 + Math.floor(random() * random() * 149_500),
      customerId: customers[Math.floor(random() * customers.length)]?.id ?? null,
      lines,
    });
  }
  return { customers, trades };
}
