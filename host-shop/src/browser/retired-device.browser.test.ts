import { readTradeApiConfig } from '@tradein/trade-api';
import { createDatabase, createMailer, runOpsCommand } from '@tradein/trade-api/test-kit';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { axeViolations, useShopBrowser } from './browser-kit.ts';

/*
 * The product page of a device the operators retired while the shop runs, on a 360 px phone:
 * the notice and the link to its series are on screen where the price and the questions were,
 * and the page has no accessibility violation.
 */

const shop = useShopBrowser();

/** Runs one operator command on the built server's database, as `npm run ops` does. */
async function ops(...argv: string[]): Promise<string[]> {
  const { dataDir } = shop.server;
  const db = createDatabase(readTradeApiConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }));
  const mailer = createMailer({ smtpUrl: undefined, outboxDir: join(dataDir, 'outbox') });
  try {
    const lines: string[] = [];
    const code = await runOpsCommand(
      argv,
      { db, mailer, clock: () => new Date(), dataDir },
      (line) => lines.push(line),
    );
    if (code !== 0) throw new Error(`ops ${argv.join(' ')} failed (${code}): ${lines.join('\n')}`);
    return lines;
  } finally {
    mailer.close();
    await db.destroy();
  }
}

it('shows a phone that the device can no longer be sold and links its series', async () => {
  const answer = await shop.api('POST', '/api/trade/searches', {
    body: {
      search: `sq1.${Buffer.from(JSON.stringify({ kind: 'deviceByUrl', url: 'apple-iphone-12-mini-64-gb' })).toString('base64url')}`,
      application: 'devices_de',
      resultSize: 1,
    },
  });
  const device = (answer.body as { hits: { id: number }[] }).hits[0];
  if (device === undefined) throw new Error('the seed has no iPhone 12 mini 64 GB');
  await ops('catalogue', 'retire', String(device.id));

  const page = await shop.newPage(360);
  const url = shop.url('de.localhost', '/produkte/apple-iphone-12-mini-64-gb');
  // The node serves the change within seconds of the command, without a restart.
  const deadline = Date.now() + 5000;
  for (;;) {
    await page.goto(url, { waitUntil: 'load' });
    const said = await page.$('::-p-text(Dieses Gerät kann nicht mehr verkauft werden)');
    if (said !== null || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const notice = await page.waitForSelector(
    '::-p-text(Dieses Gerät kann nicht mehr verkauft werden)',
  );
  const link = await page.waitForSelector(
    '::-p-aria([name="Alle Modelle der Serie iPhone 12 ansehen"][role="link"])',
  );
  // Both on the first screen of the phone, not hidden or pushed below the fold.
  for (const element of [notice, link]) {
    const box = await element?.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(0);
    expect((box?.y ?? 800) + (box?.height ?? 0)).toBeLessThanOrEqual(780);
  }
  // The sell flow's element stays in the layout for the next page, out of sight here.
  expect(await page.$eval('tradein-widget', (widget) => widget.checkVisibility())).toBe(false);
  expect(await axeViolations(page)).toEqual([]);

  await link?.click();
  await page.waitForFunction(() => location.pathname.startsWith('/produkte/uebersicht-'));
  expect(new URL(page.url()).pathname).toBe('/produkte/uebersicht-apple-iphone-12');
}, 60_000);
