import { userInfo } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { readTradeApiConfig } from '../config/trade-api-config.ts';
import { readPayoutAccount } from '../payouts/payout-account.ts';
import { createDatabase } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { createMailer } from '../mail/mailer.ts';
import { runOpsCommand } from './ops-commands.ts';

/*
 * The operator command line (`npm run ops -- <command>`, entry `ops.ts`): opens the configured
 * database (the same DATABASE_URL / DATA_DIR as the server) and file store (the same S3_
 * settings), migrates it, runs one command and exits. It passes no shop origin to the commands, whatever PUBLIC_ORIGIN says here: a mail
 * that links the shop is sent by a running node, with that node's origin (docs/trade-api.md,
 * "Mail links and the shop's origin").
 */

/** The operator's login name, for the history of price and catalogue changes. */
function operatorName(environment: Readonly<Record<string, string | undefined>>): string {
  try {
    return userInfo().username;
  } catch {
    return environment['USER'] ?? 'unknown';
  }
}

/** Asks a yes/no question on the terminal; only "y" or "yes" is a yes. */
async function askOnTerminal(question: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await terminal.question(`${question} [y/N] `);
    return /^y(?:es)?$/i.test(answer.trim());
  } finally {
    terminal.close();
  }
}

/** Runs one command line against the configured database; answers the exit code. */
export async function runOps(
  argv: readonly string[] = process.argv.slice(2),
  environment: Readonly<Record<string, string | undefined>> = process.env,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  const config = readTradeApiConfig(environment);
  const payoutAccount = readPayoutAccount(environment);
  const db = createDatabase(config);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: join(config.dataDir, 'outbox'),
  });
  try {
    await migrateToLatest(db);
    return await runOpsCommand(
      argv,
      {
        db,
        mailer,
        clock: () => new Date(),
        dataDir: config.dataDir,
        s3: config.s3,
        origin: { actor: `ops:${operatorName(environment)}`, source: argv.join(' ') },
        ...(payoutAccount === undefined ? {} : { payoutAccount }),
        production: config.environment === 'production',
        ...(process.stdin.isTTY && process.stdout.isTTY ? { confirm: askOnTerminal } : {}),
      },
      print,
    );
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    mailer.close();
    await db.destroy();
  }
}
