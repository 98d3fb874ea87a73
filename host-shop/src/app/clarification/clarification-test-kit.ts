import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Device } from '@tradein/contract';
import { readTradeApiConfig } from '@tradein/trade-api';
import {
  createDatabase,
  createMailer,
  readOutbox,
  runOpsCommand,
  type ApiCall,
} from '@tradein/trade-api/test-kit';
import {
  answerOf,
  catalogueDevice,
  guestTrade,
  type AnswerPick,
  type PlacedTrade,
} from '../../server/selling-test-kit.ts';

/*
 * Test set-up of the clarification pages, for the HTTP and the browser tests: after a sale
 * (selling-test-kit.ts), our team moves the trade with the operator commands on the shop
 * server's own database and outbox, as `npm run ops` does.
 */

/** The operator command line on a shop server's data folder. */
export interface TradeOperator {
  /** Runs one command (`receive T-…`, `clarify T-… --item 1 --price 100`); answers its output. */
  ops(...argv: string[]): Promise<string[]>;
  /** Lets every clarification link of a trade expire (as 14 days later). */
  expireLinks(tradeNumber: string): Promise<void>;
  close(): Promise<void>;
}

/** Opens the operator commands on the database and outbox of a shop's data folder. */
function openOperator(dataDir: string, publicOrigin = 'http://localhost'): TradeOperator {
  const config = readTradeApiConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    PUBLIC_ORIGIN: publicOrigin,
  });
  const db = createDatabase(config);
  const mailer = createMailer({ smtpUrl: undefined, outboxDir: join(dataDir, 'outbox') });
  const deps = { db, mailer, clock: () => new Date(), dataDir, links: config };
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
async function reviseLines(
  operator: TradeOperator,
  tradeNumber: string,
  revisions: readonly LineRevision[],
): Promise<void> {
  for (const revision of revisions) {
    const findings = revision.device.questions.flatMap((question) => {
      const answer = answerOf(question, revision.found);
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
async function mailedLinks(outbox: string, tradeNumber: string): Promise<MailedLinks> {
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
async function inspectionPhotoFile(folder: string): Promise<string> {
  const file = join(folder, 'inspection.png');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAADklEQVR4nGNoQAIMxHEAcFIYAYPG8BkAAAAASUVORK5CYII=',
    'base64',
  );
  await writeFile(file, png);
  return file;
}

/** A line of a clarified trade: the guest's answers, our team's findings, the price change. */
interface ClarifiedLine {
  device: Device;
  pick: AnswerPick;
  found: AnswerPick;
  changeCents: number;
  reason: string;
  /** A photo of the inspection. */
  photo?: string;
}

/** A guest's trade that our team revised: the revised price of each line, the mailed links. */
export interface ClarifiedTrade extends PlacedTrade {
  revised: number[];
  links: MailedLinks;
}

/**
 * The set-up of the clarification tests on a shop server: the operator commands on its data
 * folder, a phone and a tablet of its catalogue, and trades of guests (a fresh address each, as
 * the guest mail caps count per address) that our team receives, inspects and revises.
 */
export interface ClarificationBench {
  operator: TradeOperator;
  phone: Device;
  tablet: Device;
  /**
   * The phone and the tablet, sold in the best condition, found in the worst and revised down
   * by 10 € and 20 €; `photo` adds a photo of the phone's inspection.
   */
  twoDevicesRevisedDown(options?: { photo?: boolean }): Promise<ClarifiedTrade>;
  /** The phone, sold in the worst condition, found in the best and revised up by 15 €. */
  phoneRevisedUp(): Promise<ClarifiedTrade>;
  close(): Promise<void>;
}

/** Opens the clarification set-up on a shop server: its trade API and its data folder. */
export async function openClarificationBench(
  api: ApiCall,
  dataDir: string,
): Promise<ClarificationBench> {
  const operator = openOperator(dataDir);
  const photoFolder = await mkdtemp(join(tmpdir(), 'clarification-photo-'));
  const phone = await catalogueDevice(api, 'iphone 13');
  const tablet = await catalogueDevice(api, 'galaxy s21');
  let guests = 0;
  /** A guest sells the lines' devices; our team receives the trade and revises every line. */
  const clarified = async (lines: readonly ClarifiedLine[]): Promise<ClarifiedTrade> => {
    guests += 1;
    const trade = await guestTrade(api, `clarification.${guests}@example.org`, lines);
    const revisions = lines.map(({ device, found, changeCents, reason, photo }, index) => ({
      item: index + 1,
      device,
      found,
      priceCents: (trade.prices[index] ?? 0) + changeCents,
      reason,
      ...(photo === undefined ? {} : { photo }),
    }));
    await operator.ops('receive', trade.tradeNumber);
    await reviseLines(operator, trade.tradeNumber, revisions);
    return {
      ...trade,
      revised: revisions.map((revision) => revision.priceCents),
      links: await mailedLinks(join(dataDir, 'outbox'), trade.tradeNumber),
    };
  };
  return {
    operator,
    phone,
    tablet,
    async twoDevicesRevisedDown({ photo = false } = {}) {
      const inspection = photo ? { photo: await inspectionPhotoFile(photoFolder) } : {};
      return clarified([
        {
          device: phone,
          pick: 'best',
          found: 'worst',
          changeCents: -1000,
          reason: 'Display scratched',
          ...inspection,
        },
        {
          device: tablet,
          pick: 'best',
          found: 'worst',
          changeCents: -2000,
          reason: 'Battery worn',
        },
      ]);
    },
    phoneRevisedUp: () =>
      clarified([
        {
          device: phone,
          pick: 'worst',
          found: 'best',
          changeCents: 1500,
          reason: 'Better than described',
        },
      ]),
    async close() {
      await operator.close();
      await rm(photoFolder, { recursive: true, force: true });
    },
  };
}
