import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TradeDb } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { readOutbox } from '../../test-kit/outbox-mail.ts';
import { testDatabases } from '../../test-kit/test-databases.ts';
import { startTestServer, type RunningServer } from '../../test-kit/test-server.ts';
import { registerContactRoutes } from './contact-routes.ts';

const hour = 3_600_000;

/** A message as the German contact form sends it. */
const message = (overrides: Record<string, unknown> = {}) => ({
  edition: 'de',
  subject: 'payout',
  name: 'Erika Mustermann',
  email: 'erika@example.org',
  tradeNumber: 'T-2026-000123',
  message: 'Wann kommt mein Geld?\nDanke!',
  ...overrides,
});

describe.each(testDatabases())('contact route on $name', (engine) => {
  let db: TradeDb;
  let server: RunningServer;
  let outboxDir: string;
  let mailer: Mailer;
  let now = new Date('2026-05-04T09:00:00.000Z');
  let senderNumber = 0;

  const freshSender = () => {
    senderNumber += 1;
    return `writer${senderNumber}@example.org`;
  };
  /** Posts a message from a client address (the server sees it as the request's IP). */
  const send = (body: unknown, remoteAddress = '203.0.113.7') =>
    server.app.inject({
      method: 'POST',
      url: '/api/contact/messages',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
      remoteAddress,
    });
  const storedCount = async () =>
    Number(
      (
        await db
          .selectFrom('contact_messages')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  beforeAll(async () => {
    db = await engine.create();
    await migrateToLatest(db);
    outboxDir = await mkdtemp(join(tmpdir(), 'contact-outbox-'));
    mailer = createMailer({ smtpUrl: undefined, outboxDir });
    server = await startTestServer(db, {
      extend: (route) =>
        registerContactRoutes(route, {
          db,
          mailer,
          clock: () => now,
          limits: { perSender: 3, perClient: 5, windowMs: hour },
        }),
    });
  });
  afterAll(async () => {
    await server.close();
    mailer.close();
    await engine.destroy(db);
    await rm(outboxDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // Every test starts a fresh hour, so earlier tests' messages do not count.
    now = new Date(now.getTime() + 2 * hour);
    await rm(outboxDir, { recursive: true, force: true });
  });

  it('mails the message to the edition service team, answers going to the sender', async () => {
    const email = freshSender();
    const answer = await send(message({ email }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true });

    const mails = await readOutbox(outboxDir);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ to: 'service@tradein.de', replyTo: email, kind: 'contact' });
    expect(mail?.subject).toBe('Kontaktformular: Auszahlung');
    expect(mail?.text).toContain('Name: Erika Mustermann');
    expect(mail?.text).toContain(`E-Mail-Adresse: ${email}`);
    expect(mail?.text).toContain('Verkaufsnummer: T-2026-000123');
    expect(mail?.text).toContain('Wann kommt mein Geld?\nDanke!');
    // A mail to our own team carries no customer footer.
    expect(mail?.text).not.toContain('--');

    const row = await db
      .selectFrom('contact_messages')
      .selectAll()
      .where('sender_email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      edition: 'de',
      subject: 'payout',
      client_address: '203.0.113.7',
      trade_number: 'T-2026-000123',
      created_at: now.toISOString(),
    });
    expect(mail?.file).toContain(row.mail_reference);
  });

  it("writes in the edition's language to the edition's address, without a trade number", async () => {
    const answer = await send({
      edition: 'es',
      subject: 'deviceSearch',
      name: 'Lucía Pérez',
      email: freshSender(),
      message: 'No encuentro mi cámara.',
    });
    expect(answer.statusCode).toBe(200);
    const [mail] = await readOutbox(outboxDir);
    expect(mail?.to).toBe('atencion@tradein.es');
    expect(mail?.subject).toBe('Formulario de contacto: No encuentro mi dispositivo');
    expect(mail?.text).not.toMatch(/T-\d{4}/);
  });

  it('refuses a subject the edition does not list, naming the field, and sends nothing', async () => {
    const before = await storedCount();
    const answer = await send(message({ email: freshSender(), subject: 'refund' }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      error: { code: 'validation_failed', fields: [{ path: 'subject' }] },
    });
    expect(await storedCount()).toBe(before);
    expect(await readOutbox(outboxDir)).toEqual([]);
  });

  it.each([
    ['message', { message: '   ' }],
    ['message', { message: 'x'.repeat(5001) }],
    ['message', { message: 'Hallo\u0000Welt' }],
    ['message', { message: 'Hallo \uD800' }],
    ['name', { name: '' }],
    ['name', { name: 'Erika\u001B[31m' }],
    ['email', { email: 'not-an-address' }],
    ['tradeNumber', { tradeNumber: '123' }],
    ['edition', { edition: 'uk' }],
  ])('refuses a bad %s with a 400 naming it', async (field, overrides) => {
    const before = await storedCount();
    const answer = await send(message({ email: freshSender(), ...overrides }));
    expect(answer.statusCode).toBe(400);
    const body = answer.json<{ error: { fields: { path: string }[] } }>();
    expect(body.error.fields.map((entry) => entry.path)).toContain(field);
    expect(await storedCount()).toBe(before);
    expect(await readOutbox(outboxDir)).toEqual([]);
  });

  it('never answers 5xx to any text with control characters', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.constantFrom(...'\u0000\u0001\u0007\u000B\u001F\u007F\u0085'),
        async (text, control) => {
          const answer = await send(message({ email: freshSender(), message: text + control }));
          expect(answer.statusCode).toBe(400);
        },
      ),
      { numRuns: 30 },
    );
    expect(await readOutbox(outboxDir)).toEqual([]);
  });

  it('lets one sender write three messages an hour, then answers 429 with retry-after', async () => {
    const email = freshSender();
    for (const minute of [0, 10, 20]) {
      now = new Date(now.getTime() + (minute === 0 ? 0 : 10 * 60_000));
      expect((await send(message({ email }))).statusCode).toBe(200);
    }
    // Another address from another client: the cap is the sender's.
    const refused = await send(message({ email: email.toUpperCase() }), '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'too_many_requests' } });
    // The first message leaves the window 40 minutes from now.
    expect(refused.headers['retry-after']).toBe(String(40 * 60));
    expect(await readOutbox(outboxDir)).toHaveLength(3);

    now = new Date(now.getTime() + 40 * 60_000 + 1000);
    expect((await send(message({ email }))).statusCode).toBe(200);
  });

  it('lets one client send five messages an hour, whatever addresses it names', async () => {
    for (let index = 0; index < 5; index += 1) {
      expect((await send(message({ email: freshSender() }), '192.0.2.50')).statusCode).toBe(200);
    }
    expect((await send(message({ email: freshSender() }), '192.0.2.50')).statusCode).toBe(429);
    expect((await send(message({ email: freshSender() }), '192.0.2.51')).statusCode).toBe(200);
    expect(await readOutbox(outboxDir)).toHaveLength(6);
  });

  it('holds the cap exactly when one sender posts many messages at once', async () => {
    const email = freshSender();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => send(message({ email }), `192.0.2.${100 + index}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).toSorted();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(await readOutbox(outboxDir)).toHaveLength(3);
  });
});
