import { tradeQueueQuerySchema, type TradeQueueQuery } from '@tradein/contract';

/*
 * The trades queue's URL is its state (filters, sort, page). It is read with the contract's own
 * schema; a refused value is named beside its filter and left out, so the list still shows.
 */

/** The search parameters of the queue, in the order the form lists them. */
const queueParamNames = [
  'status',
  'edition',
  'mode',
  'partner',
  'from',
  'to',
  'q',
  'sort',
  'direction',
  'page',
  'pageSize',
] as const;
export type QueueParamName = (typeof queueParamNames)[number];

/** The queue's URL read: the values as typed, the query that counts, and the refused names. */
interface ReadQueueQuery {
  /** Every value of the URL as text (refused ones too, to show them again in the form). */
  values: Partial<Record<QueueParamName, string>>;
  /** The accepted values as text, for the API call and the links of the page. */
  accepted: Partial<Record<QueueParamName, string>>;
  query: TradeQueueQuery;
  refused: QueueParamName[];
}

function isQueueParam(name: unknown): name is QueueParamName {
  return (queueParamNames as readonly unknown[]).includes(name);
}

/** Reads the queue's search parameters; refused values are dropped one field at a time. */
export function readQueueQuery(params: URLSearchParams): ReadQueueQuery {
  const values: Partial<Record<QueueParamName, string>> = {};
  for (const name of queueParamNames) {
    const value = params.get(name)?.trim();
    if (value !== undefined && value !== '') values[name] = value;
  }
  const accepted = { ...values };
  const refused: QueueParamName[] = [];
  // Each round drops the fields the schema named; every field can be dropped once at most.
  for (let round = 0; round <= queueParamNames.length; round += 1) {
    const parsed = tradeQueueQuerySchema.safeParse(accepted);
    if (parsed.success) return { values, accepted, query: parsed.data, refused };
    const named = parsed.error.issues.map((issue) => issue.path[0]).filter(isQueueParam);
    const fresh = [...new Set(named)].filter((name) => accepted[name] !== undefined);
    if (fresh.length === 0) break;
    for (const name of fresh) {
      delete accepted[name];
      refused.push(name);
    }
  }
  return {
    values,
    accepted: {},
    query: tradeQueueQuerySchema.parse({}),
    refused: [...queueParamNames].filter((name) => values[name] !== undefined),
  };
}

/** The queue's address with `changes` applied to `accepted` (undefined removes a parameter). */
export function queueHref(
  accepted: Partial<Record<QueueParamName, string>>,
  changes: Partial<Record<QueueParamName, string | undefined>>,
): string {
  const params = new URLSearchParams();
  const merged = { ...accepted, ...changes };
  for (const name of queueParamNames) {
    const value = merged[name];
    if (value !== undefined && value !== '') params.set(name, value);
  }
  const search = params.toString();
  return search === '' ? '/trades' : `/trades?${search}`;
}
