import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  buildSearchRequest,
  deviceSchema,
  type Device,
  type OfferAnswer,
  type SearchQuery,
} from '@tradein/contract';
import { readTradeApiConfig } from '@tradein/trade-api';
import {
  checkoutBody,
  createDatabase,
  createMailer,
  readOutbox,
  runOpsCommand,
} from '@tradein/trade-api/test-kit';

/*
 * Test set-up of the clarification pages, for the HTTP and the browser tests: a guest sells
 * devices through the trade API as the widget does, and our team moves the trade with the
 * operator commands on the shop server's own database and outbox, as `npm run ops` does.
 */

/** A JSON call of the trade API through the shop (its status and parsed answer). */
export type ShopApiCall = (
  method: 'GET' | 'POST',
  path: string,
  options?: { body?: unknown; token?: string },
) => Promise<{ status: number; body: unknown }>;

/** The operator command line on a shop server's data folder. */
export interface TradeOperator {
  /** Runs one command (`receive T-…`, `clarify T-… --item 1 --price 100`); answers its output. */
  ops(...argv: string[]): Promise<string[]>;
  /** Lets every clarification link of a trade expire (as 14 days later). */
  expireLinks(tradeNumber: string): Promise<void>;
  close(): Promise<void>;
}

/** Opens the operator commands on the database and outbox of a shop's data folder. */
export function openOperator(dataDir: string, publicOrigin = 'http://localhost'): TradeOperator {
  const config = readTradeApiConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    PUBLIC_ORIGIN: publicOrigin,
  });
  const db = createDatabase(config);
  const mailer = createMailer({ smtpUrl: undefined, outboxDir: join(dataDir, 'outbox') });
  const deps = { db, mailer, clock: () => new Date(), dataDir, publicOrigin };
  return {
    async ops(...argv) {
      const lines: string[] = [];
      const code = await runOpsCommand(argv, deps, (line) => lines.push(line));
      if (code !== 0)
        throw new Error(`ops ${argv.join(' ')} failed (${code}): ${lines.join('\n')}`);
      return lines;
    },
    async expireLinks(tradeNumber) {
      const trade = await db
        .selectFrom('trades')
        .select('id')
        .where('trade_number', '=', tradeNumber)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('clarification_links')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('trade_id', '=', trade.id)
        .execute();
    },
    async close() {
      mailer.close();
      await db.destroy();
    },
  };
}

/** A device of the seeded catalogue with its condition questions, found as the widget does. */
export async function catalogueDevice(call: ShopApiCall, text: string): Promise<Device> {
  const search = async (query: SearchQuery) => {
    const answer = await call('POST', '/api/trade/searches', {
      body: buildSearchRequest(query, 'devices_de'),
    });
    if (answer.status !== 200) throw new Error(`search ${text}: ${answer.status}`);
    return (answer.body as { hits: unknown[] }).hits;
  };
  const [first] = (await search({ kind: 'deviceSearch', text })) as { url: string }[];
  if (first === undefined) throw new Error(`nothing found for ${text}`);
  const [device] = await search({ kind: 'deviceByUrl', url: first.url });
  return deviceSchema.parse(device);
}

/** Which answer of each question the seller gives: the first (best) or the last (worst). */
export type AnswerPick = 'best' | 'worst';

function answersOf(device: Device, pick: AnswerPick): OfferAnswer[] {
  return device.questions.map((question) => {
    const answer = pick === 'best' ? question.answers[0] : question.answers.at(-1);
    return { questionId: question.id, answerId: answer?.id ?? 0 };
  });
}

/** A trade of a guest, with the checkout price per piece of each line (by position). */
export interface GuestTrade {
  tradeNumber: string;
  prices: number[];
}

/** A guest sells devices (one line each, answered as picked) and checks out. */
export async function guestTrade(
  call: ShopApiCall,
  email: string,
  lines: { device: Device; pick: AnswerPick }[],
): Promise<GuestTrade> {
  const offers: { offerId: string; priceCents: number }[] = [];
  for (const { device, pick } of lines) {
    const offer = await call('POST', '/api/trade/offers', {
      body: { edition: 'de', deviceId: device.id, answers: answersOf(device, pick) },
    });
    if (offer.status >= 300)
      throw new Error(`offer: ${offer.status} ${JSON.stringify(offer.body)}`);
    const body = offer.body as { offerId: string; priceCents: number };
    offers.push({ offerId: body.offerId, priceCents: body.priceCents });
  }
  const session = await call('POST', '/api/account/guestSession', { body: { locale: 'de-DE' } });
  const token = String((session.body as { access_token: string }).access_token);
  const guest = await call('POST', '/api/customers/guest_account_number', {
    body: { email, firstName: 'Jonas', lastName: 'Weber', locale: 'de-DE' },
    token,
  });
  if (guest.status >= 300) throw new Error(`guest: ${guest.status} ${JSON.stringify(guest.body)}`);
  const trade = await call('POST', '/api/trade/trades', {
    body: checkoutBody(offers.map(({ offerId }) => ({ offerId, quantity: 1 }))),
    token,
  });
  if (trade.status !== 201)
    throw new Error(`checkout: ${trade.status} ${JSON.stringify(trade.body)}`);
  return {
    tradeNumber: String((trade.body as { tradeNumber: string }).tradeNumber),
    prices: offers.map((offer) => offer.priceCents),
  };
}

/** What our team finds for one line and the price it revises the line to. */
export interface LineRevision {
  /** The line's position (1-based). */
  item: number;
  device: Device;
  /** Every question answered with the first (best) or the last (worst) answer. */
  found: AnswerPick;
  priceCents: number;
  reason: string;
  /** A photo of the inspection. */
  photo?: string;
}

/**
 * Our team inspects the lines of a received trade (every line before any revision: a trade in
 * clarification takes no more inspections), then revises each line's price, which mails the
 * customer the clarification link.
 */
export async function reviseLines(
  operator: TradeOperator,
  tradeNumber: string,
  revisions: readonly LineRevision[],
): Promise<void> {
  for (const revision of revisions) {
    const findings = revision.device.questions.flatMap((question) => {
      const answer = revision.found === 'best' ? question.answers[0] : question.answers.at(-1);
      return answer === undefined ? [] : ['--finding', `${question.code}=${answer.code}`];
    });
    const photo = revision.photo === undefined ? [] : ['--photo', revision.photo];
    const item = String(revision.item);
    await operator.ops('inspect', tradeNumber, '--item', item, ...findings, ...photo);
  }
  for (const revision of revisions) {
    const price = String(revision.priceCents);
    const item = String(revision.item);
    await operator.ops(
      'clarify',
      tradeNumber,
      '--item',
      item,
      '--price',
      price,
      '--reason',
      revision.reason,
    );
  }
}

/** The links of the latest clarification mail of a trade: its page and its quick answers. */
export interface MailedLinks {
  /** `/clarification/{link}/{tradeNumber}` */
  page: string;
  link: string;
  /** `/clarificationQuickAnswer/{link}/{tradeNumber}/{offerId}`, one per revised device. */
  quickAnswers: string[];
}

/** Waits for the latest mail that links a trade's clarification page; answers its paths. */
export async function mailedLinks(outbox: string, tradeNumber: string): Promise<MailedLinks> {
  const page = new RegExp(`/clarification/([A-Za-z0-9_-]{43})/${tradeNumber}(?![\\w/-])`);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const mails = await readOutbox(outbox);
    const link = mails
      .map((mail) => page.exec(mail.text)?.[1])
      .findLast((found) => found !== undefined);
    const latest = mails.findLast((mail) => link !== undefined && mail.text.includes(link));
    if (link !== undefined && latest !== undefined) {
      const quick = new RegExp(
        `/clarificationQuickAnswer/${link}/${tradeNumber}/[0-9a-f-]{36}`,
        'g',
      );
      return {
        page: `/clarification/${link}/${tradeNumber}`,
        link,
        quickAnswers: [...new Set([...latest.text.matchAll(quick)].map((found) => found[0]))],
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no clarification mail for ${tradeNumber}`);
}

/** A small PNG (a 4 × 4 grey square) to stand for the inspection photo, written to `folder`. */
export async function inspectionPhotoFile(folder: string): Promise<string> {
  const file = join(folder, 'inspection.png');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAADklEQVR4nGNoQAIMxHEAcFIYAYPG8BkAAAAASUVORK5CYII=',
    'base64',
  );
  await writeFile(file, png);
  return file;
}
