import {
  tradeStatusSchema,
  type TradeQueuePage,
  type TradeQueueQuery,
  type TradeQueueRow,
  type TradeStatus,
} from '@tradein/contract';
import type { EditionCode, ShopMode } from '@tradein/editions';
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { databaseDialect, type TradeDb } from '../db/create-database.ts';
import type { TradeDatabase } from '../db/schema.ts';

/*
 * The back office's trades queue (docs/trades.md, "The trades queue"): one page of trades, the
 * number that match and the count of each status tab, each read through the indexes of
 * migration `0019_trade_queue_indexes`. Pages are offsets: a list shows "page n of m" and jumps
 * to any page, and the filtered lists a clerk pages through stay within a few thousand trades,
 * where skipping index entries costs a few milliseconds (docs/benchmarks.md).
 */

/**
 * The time zone of the queue's days (`from`, `to`): every edition (de, at, es, fr, it) keeps
 * Central European time, so a day is the same day in each of them.
 */
export const tradeQueueTimeZone = 'Europe/Berlin';

/** What a search text looks for. */
type Search =
  { kind: 'number'; prefix: string } | { kind: 'customer'; email: string; names: string[] };

/** A trade number or its beginning, `T-2026-0001`; case does not count. */
const tradeNumberPrefix = /^t-[0-9]{0,4}(?:-[0-9]*)?$/i;

/** What a search text looks for: a trade number, or a customer's e-mail address or name. */
function searchOf(text: string): Search {
  if (tradeNumberPrefix.test(text)) return { kind: 'number', prefix: text.toUpperCase() };
  const lower = text.toLowerCase();
  return { kind: 'customer', email: lower, names: lower.split(/\s+/).filter((word) => word) };
}

/** The UTC instant at which a day of {@link tradeQueueTimeZone} begins, as stored (ISO). */
export function startOfDay(day: string, timeZone: string = tradeQueueTimeZone): string {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset at a moment: its wall clock read back as if it were UTC, minus the moment.
  const offsetAt = (moment: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(moment);
    const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
    const wallClock = Date.UTC(
      value('year'),
      value('month') - 1,
      value('day'),
      value('hour'),
      value('minute'),
      value('second'),
    );
    return wallClock - moment;
  };
  // Twice: the offset of the guess may differ from that of the answer around a clock change.
  let start = midnightUtc - offsetAt(midnightUtc);
  start = midnightUtc - offsetAt(start);
  return new Date(start).toISOString();
}

/** The day after a day `YYYY-MM-DD`. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The first text after every text that starts with `prefix`, in bytewise (code point) order:
 * the prefix with its last character one code point higher. `prefix ≤ x < upper` is then
 * "x starts with prefix" for SQLite's binary comparison.
 */
function prefixUpperBound(prefix: string): string {
  const characters = [...prefix];
  const last = characters.pop() ?? '';
  return characters.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
}

/** `text` with the wildcards of LIKE escaped by `\`. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

type TradesQuery<Output> = SelectQueryBuilder<TradeDatabase, 'trades', Output>;

/** A condition that a text column (or expression) starts with `prefix`, as each database indexes it. */
function startsWith(
  dialect: 'sqlite' | 'postgres',
  column: Expression<unknown>,
  prefix: string,
): Expression<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`${column} like ${likeLiteral(prefix) + '%'} escape '\\'`
    : sql<SqlBool>`(${column} >= ${prefix} and ${column} < ${prefixUpperBound(prefix)})`;
}

/** A text as SQLite's `lower()` makes it: only the letters A–Z are lowered. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * The forms in which a name that starts with `word` (lower-case) may come out of the database's
 * `lower()`. PostgreSQL lowers every letter; SQLite only A–Z, so "Öztürk" stays "Öztürk" there
 * and "ÖZTÜRK" becomes "ÖztÜrk": besides the lower-case word, the word capitalised and in
 * capitals, as SQLite lowers them, find names written in either way.
 */
function nameForms(word: string): string[] {
  const capitalised = word.replace(
    /(^|[\s-])(\p{Ll})/gu,
    (_, before: string, letter: string) => before + letter.toUpperCase(),
  );
  return [...new Set([word, asciiLower(capitalised), asciiLower(word.toUpperCase())])];
}

/** The customers a search text names: e-mail beginning, or first and/or last name beginnings. */
function customersNamed(db: TradeDb, search: Extract<Search, { kind: 'customer' }>) {
  const dialect = databaseDialect(db);
  const email = sql.ref('customers.email');
  const first = sql`lower(customers.first_name)`;
  const last = sql`lower(customers.last_name)`;
  const [one, two] = search.names;
  return db
    .selectFrom('customers')
    .select('customers.id')
    .where((eb) => {
      const nameStartsWith = (column: Expression<unknown>, word: string) =>
        eb.or(nameForms(word).map((form) => startsWith(dialect, column, form)));
      const phrase = search.names.join(' ');
      // The whole text begins the e-mail address, a first name ("anna lena") or a last name
      // ("von berg").
      const conditions = [
        startsWith(dialect, email, search.email),
        nameStartsWith(first, phrase),
        nameStartsWith(last, phrase),
      ];
      if (one !== undefined && two !== undefined) {
        // Two words or more: the first word begins the first name, the rest the last name
        // ("anna von berg"), or the other way round ("berg anna").
        const rest = search.names.slice(1).join(' ');
        const allButLast = search.names.slice(0, -1).join(' ');
        const final = search.names.at(-1) ?? '';
        conditions.push(
          eb.and([nameStartsWith(first, one), nameStartsWith(last, rest)]),
          eb.and([nameStartsWith(last, allButLast), nameStartsWith(first, final)]),
        );
      }
      return eb.or(conditions);
    });
}

/**
 * Customer ids a search passes to the trades as a list, up to this many. A list lets
 * PostgreSQL see how few trades a narrow search finds and read them by customer; a subquery it
 * misjudged (300 customers expected, 35 found) and walked all trades newest first instead, 85 ms
 * rather than 2. A search naming more customers is broad, and reading trades in the list's
 * order while checking the customer is then the right way.
 */
const customerListLimit = 1000;

/** The customers of a search: their ids when few, else the subquery that finds them. */
type CustomerMatch = { ids: string[] } | { subquery: ReturnType<typeof customersNamed> };

/** Who a customer search names, looked up before the trades are. */
async function matchCustomers(
  db: TradeDb,
  search: Extract<Search, { kind: 'customer' }>,
): Promise<CustomerMatch> {
  const subquery = customersNamed(db, search);
  const found = await subquery.limit(customerListLimit + 1).execute();
  return found.length > customerListLimit
    ? { subquery }
    : { ids: found.map((customer) => customer.id) };
}

/** The filters of a query except its status, applied to a query of trades. */
function filtered<Output>(
  db: TradeDb,
  base: TradesQuery<Output>,
  query: TradeQueueQuery,
  customers: CustomerMatch | undefined,
): TradesQuery<Output> {
  let result = base;
  if (query.edition !== undefined) result = result.where('trades.edition', '=', query.edition);
  if (query.mode !== undefined) result = result.where('trades.shop_mode', '=', query.mode);
  if (query.partner !== undefined) result = result.where('trades.partner', '=', query.partner);
  if (query.from !== undefined) {
    result = result.where('trades.created_at', '>=', startOfDay(query.from));
  }
  if (query.to !== undefined) {
    result = result.where('trades.created_at', '<', startOfDay(nextDay(query.to)));
  }
  const search = query.q === undefined ? undefined : searchOf(query.q);
  if (search?.kind === 'number') {
    const dialect = databaseDialect(db);
    result = result.where(startsWith(dialect, sql.ref('trades.trade_number'), search.prefix));
  }
  if (customers !== undefined) {
    result = result.where(
      'trades.customer_id',
      'in',
      'ids' in customers ? customers.ids : customers.subquery,
    );
  }
  return result;
}

/** Every status with no trades, to fill in the tabs that count none. */
function zeroCounts(): Record<TradeStatus, number> {
  return Object.fromEntries(tradeStatusSchema.options.map((status) => [status, 0])) as Record<
    TradeStatus,
    number
  >;
}

/** The column a sort key orders by. */
const sortColumns = {
  created: 'trades.created_at',
  total: 'trades.total_cents',
  number: 'trades.id',
} as const;

/**
 * One page of the trades queue for a parsed query ({@link tradeQueueQuerySchema} of the
 * contract): its rows, how many trades match in all, and the count per status of the trades
 * that match every filter but the status.
 */
export async function queryTradeQueue(
  db: TradeDb,
  query: TradeQueueQuery,
): Promise<TradeQueuePage> {
  const search = query.q === undefined ? undefined : searchOf(query.q);
  const customers = search?.kind === 'customer' ? await matchCustomers(db, search) : undefined;
  if (customers !== undefined && 'ids' in customers && customers.ids.length === 0) {
    return { rows: [], total: 0, counts: zeroCounts() };
  }
  const countRows = await filtered(
    db,
    db
      .selectFrom('trades')
      .select((eb) => ['trades.status', eb.fn.countAll<number | string>().as('count')])
      .groupBy('trades.status'),
    query,
    customers,
  ).execute();
  const counts = zeroCounts();
  for (const row of countRows) {
    const status = tradeStatusSchema.safeParse(row.status);
    if (status.success) counts[status.data] = Number(row.count);
  }
  const total =
    query.status === undefined
      ? Object.values(counts).reduce((sum, count) => sum + count, 0)
      : counts[query.status];

  let pageQuery = filtered(db, db.selectFrom('trades').select('trades.id'), query, customers);
  if (query.status !== undefined) pageQuery = pageQuery.where('trades.status', '=', query.status);
  // Trade ids grow with checkout time, so the id settles ties in the order of the sort.
  const sortColumn = sortColumns[query.sort];
  pageQuery = pageQuery.orderBy(sortColumn, query.direction);
  if (sortColumn !== 'trades.id') pageQuery = pageQuery.orderBy('trades.id', query.direction);
  const page = await pageQuery
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const ids = page.map((row) => row.id);
  if (ids.length === 0) return { rows: [], total, counts };

  const [trades, lines] = await Promise.all([
    db
      .selectFrom('trades')
      .leftJoin('customers', 'customers.id', 'trades.customer_id')
      .select([
        'trades.id',
        'trades.trade_number',
        'trades.status',
        'trades.edition',
        'trades.shop_mode',
        'trades.partner',
        'trades.created_at',
        'trades.total_cents',
        'customers.id as customer_id',
        'customers.first_name',
        'customers.last_name',
        'customers.email',
      ])
      .where('trades.id', 'in', ids)
      .execute(),
    db
      .selectFrom('trade_items')
      .select((eb) => [
        'trade_items.trade_id',
        eb.fn.countAll<number | string>().as('items'),
        eb.fn.sum<number | string>('trade_items.quantity').as('devices'),
      ])
      .where('trade_items.trade_id', 'in', ids)
      .groupBy('trade_items.trade_id')
      .execute(),
  ]);
  const byId = new Map(trades.map((trade) => [trade.id, trade]));
  const linesById = new Map(lines.map((line) => [line.trade_id, line]));
  const rows = ids.flatMap((id): TradeQueueRow[] => {
    const trade = byId.get(id);
    if (trade === undefined) return [];
    const line = linesById.get(id);
    return [
      {
        tradeNumber: trade.trade_number,
        status: tradeStatusSchema.parse(trade.status),
        edition: trade.edition as EditionCode,
        shopMode: trade.shop_mode as ShopMode,
        partner: trade.partner,
        createdAt: trade.created_at,
        customer:
          trade.customer_id === null
            ? null
            : {
                firstName: trade.first_name ?? '',
                lastName: trade.last_name ?? '',
                email: trade.email ?? '',
              },
        items: Number(line?.items ?? 0),
        devices: Number(line?.devices ?? 0),
        totalCents: trade.total_cents,
      },
    ];
  });
  return { rows, total, counts };
}
