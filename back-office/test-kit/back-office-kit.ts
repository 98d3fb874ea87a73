import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { StaffRole } from '@tradein/contract';
import {
  createMailer,
  databaseOfDataDir,
  runOpsCommand,
  signedInStaff,
  type TestStaffSession,
} from '@tradein/trade-api/test-kit';
import { launch, type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../../scripts/built-server.mjs';

/*
 * Tests of the back office as `npm start` serves it: the built shop server (which mounts the
 * back office on ops.localhost) on a fresh data folder, its database opened beside it to sign
 * staff in and run operator commands, plain HTTP calls (forms posted as browsers post them
 * without JavaScript) and Debian's Chromium.
 */

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** An answer of the server, read once. */
export interface OfficeAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** What a test sends with one request to the back office (or a shop host). */
export interface OfficeRequest {
  /** Posted as `application/x-www-form-urlencoded`, as a form without JavaScript posts. */
  form?: Record<string, string | readonly string[]>;
  /** Posted as `multipart/form-data` (files), as a browser posts it; instead of `form`. */
  multipart?: FormData;
  /** The `cookie` header, e.g. a staff session's. */
  cookie?: string;
  /** Default: the back office's host. */
  host?: string;
}

/** The back office of a built server, as a test file uses it. */
export interface TestBackOffice {
  readonly server: BuiltServer;
  /** The back office's address of a path, on `ops.localhost`. */
  url(path: string): string;
  /** One request by plain HTTP to 127.0.0.1 with the back office's (or `host`'s) Host header. */
  /** The answer's `bytes` are its body as sent (a photo or a file, say). */
  request(
    method: string,
    path: string,
    options?: OfficeRequest,
  ): Promise<OfficeAnswer & { bytes: Buffer }>;
  /** A staff member with `roles`, signed in: their cookie and CSRF token. */
  staff(email: string, roles: readonly StaffRole[]): Promise<TestStaffSession>;
  /** Runs `npm run ops -- …` on the server's data; answers the printed lines. */
  ops(...argv: string[]): Promise<string[]>;
  /** A fresh page (own cookies) of a window `width` wide, signed in as `session` when given. */
  newPage(options?: { session?: TestStaffSession; width?: number }): Promise<Page>;
}

interface Started {
  server: BuiltServer;
  browser: Browser;
  db: ReturnType<typeof databaseOfDataDir>;
  mailer: ReturnType<typeof createMailer>;
}

/** Starts the built server and a browser before a file's tests, and stops both after them. */
export function useBackOffice(settings: { env?: Record<string, string> } = {}): TestBackOffice {
  let started: Started | undefined;
  beforeAll(async () => {
    // `env` adds settings of the server's environment (e.g. PAYOUT_ACCOUNT_* for SEPA files).
    const server = await startBuiltServer({
      dataDirPrefix: 'tradein-back-office-',
      env: settings.env ?? {},
    });
    const db = databaseOfDataDir(server.dataDir);
    const mailer = createMailer({ smtpUrl: undefined, outboxDir: join(server.dataDir, 'outbox') });
    const browser = await launch({
      executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--host-resolver-rules=MAP *.localhost 127.0.0.1',
      ],
    });
    started = { server, browser, db, mailer };
  }, 60_000);
  afterAll(async () => {
    if (started === undefined) return;
    await started.browser.close();
    started.mailer.close();
    await started.db.destroy();
    await started.server.stop();
  });
  const running = (): Started => {
    if (started === undefined) throw new Error('the back office starts before the tests run');
    return started;
  };
  const origin = () => `http://ops.localhost:${running().server.port}`;
  return {
    get server() {
      return running().server;
    },
    url: (path) => `${origin()}${path}`,
    async request(method, path, options = {}) {
      const { port } = running().server;
      const { body, type } = await encodedBody(options);
      return new Promise((resolve, reject) => {
        const outgoing = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method,
            path,
            headers: {
              host: `${options.host ?? 'ops.localhost'}:${port}`,
              ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
              ...(body === undefined
                ? {}
                : { 'content-type': type, 'content-length': Buffer.byteLength(body) }),
            },
          },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () => {
              const bytes = Buffer.concat(chunks);
              resolve({
                status: answer.statusCode ?? 0,
                headers: answer.headers,
                text: bytes.toString('utf8'),
                bytes,
              });
            });
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    },
    staff: (email, roles) => signedInStaff(running().db, email, roles),
    async ops(...argv) {
      const { db, mailer, server } = running();
      const lines: string[] = [];
      const deps = {
        db,
        mailer,
        clock: () => new Date(),
        dataDir: server.dataDir,
        publicOrigin: `http://localhost:${server.port}`,
      };
      const code = await runOpsCommand(argv, deps, (line) => lines.push(line));
      if (code !== 0)
        throw new Error(`ops ${argv.join(' ')} failed (${code}): ${lines.join('\n')}`);
      return lines;
    },
    async newPage({ session, width = 1280 } = {}) {
      const context = await running().browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width, height: 800 });
      // Headless Chromium names itself `HeadlessChrome`, which the shop's pages (a seller's
      // clarification or status page) treat as a crawler: the tests browse as a person's browser.
      const userAgent = await running().browser.userAgent();
      await page.setUserAgent({ userAgent: userAgent.replace('HeadlessChrome', 'Chrome') });
      if (session !== undefined) {
        const [name, value] = session.cookie.split('=');
        await context.setCookie({
          name: name ?? '',
          value: value ?? '',
          domain: 'ops.localhost',
          path: '/',
          httpOnly: true,
          sameSite: 'Strict',
        });
      }
      return page;
    },
  };
}

/** The body of a request and its content type: the form urlencoded, or multipart. */
async function encodedBody(
  options: OfficeRequest,
): Promise<{ body: string | Buffer | undefined; type: string }> {
  if (options.multipart !== undefined) {
    const encoded = new Request('http://ops.localhost/', {
      method: 'POST',
      body: options.multipart,
    });
    return {
      body: Buffer.from(await encoded.arrayBuffer()),
      type: encoded.headers.get('content-type') ?? '',
    };
  }
  if (options.form === undefined) return { body: undefined, type: '' };
  return { body: formBody(options.form), type: 'application/x-www-form-urlencoded' };
}

/** A form's fields as `application/x-www-form-urlencoded`, repeated names repeated. */
function formBody(form: Record<string, string | readonly string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) {
    for (const single of typeof value === 'string' ? [value] : value) params.append(name, single);
  }
  return params.toString();
}

/** The session cookie an answer sets (`tradein_staff=…`), or undefined. */
export function sessionCookieOf(answer: OfficeAnswer): string | undefined {
  const cookies = answer.headers['set-cookie'] ?? [];
  const cookie = (Array.isArray(cookies) ? cookies : [cookies]).find((each) =>
    each.startsWith('tradein_staff='),
  );
  return cookie?.split(';')[0];
}

/** What axe-core finds wrong on the page as it is now: `rule: targets`, none when it is clean. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    interface AxeResults {
      violations: { id: string; nodes: { target: unknown[] }[] }[];
    }
    const { axe } = window as unknown as { axe: { run(options: unknown): Promise<AxeResults> } };
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
    const { violations } = await axe.run({ runOnly: { type: 'tag', values: tags } });
    return violations.map(
      ({ id, nodes }) => `${id}: ${JSON.stringify(nodes.map((n) => n.target))}`,
    );
  });
}

/** Waits until the page's scripts have hydrated it (React Router's router is there). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
        .__reactRouterDataRouter?.state.initialized === true,
    { timeout: 20_000 },
  );
}
