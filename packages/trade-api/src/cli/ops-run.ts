import { readTradeApiConfig } from '../config/trade-api-config.ts';
import { createDatabase } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { createMailer } from '../mail/mailer.ts';
import { join } from 'node:path';
import { runOpsCommand } from './ops-commands.ts';

/*
 * The operator command line (`npm run ops -- <command>`, entry `ops.ts`): opens the configured
 * database (the same DATABASE_URL / DATA_DIR as the server), migrates it, runs one command and
 * exits.
 */

/** Runs the command named by the process arguments; sets the exit code. */
export async function runOps(): Promise<void> {
  const config = readTradeApiConfig();
  const db = createDatabase(config);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: join(config.dataDir, 'outbox'),
  });
  try {
    await migrateToLatest(db);
    process.exitCode = await runOpsCommand(
      process.argv.slice(2),
      {
        db,
        mailer,
        clock: () => new Date(),
        dataDir: config.dataDir,
        publicOrigin: config.publicOrigin,
      },
      (line) => process.stdout.write(`${line}\n`),
    );
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    mailer.close();
    await db.destroy();
  }
}
