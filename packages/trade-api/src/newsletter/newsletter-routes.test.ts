import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiError } from '@tradein/contract';
import type { EditionCode } from '@tradein/editions';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeDb } from '../db/create-database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { rowCounts, testDatabases } from '../../test-kit/test-databases.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { startTestServer, testConfig, type RunningServer } from '../../test-kit/test-server.ts';
import { newsletterEmailHash, newsletterHashKey } from './email-hash.ts';
import { deriveShopOrigins } from '@tradein/editions';
import { withShopOriginOverrides } from '../config/shop-origins.ts';
import { registerNewsletterRoutes } from './newsletter-routes.ts';
import { mailsTo, type OutboxMail } from '../../test-kit/outbox-mail.ts';
import { dayMs } from '../time/day.ts';
import { apiRequestInit } from '../../test-kit/api-call.ts';

const config = {
  jwtSecret: testConfig.jwtSecret,
  // Every shop on shop.example but the French one, as SHOP_ORIGINS would name it.
  shopOrigins: withShopOriginOverrides(deriveShopOrigins('https://shop.example'), {
    fr: { default: 'https://fr.shop.example' },
  }),
  smtpUrl: undefined,
};
const linkPattern =
  /https:\/\/(?:fr\.)?shop\.example\/newsletter\/enrich\/([0-9a-f]{64})\?token=([A-Za-z0-9_-]+)/;

/** Posts to a newsletter call of a running server. */
const call = (running: RunningServer, path: string, body: unknown) =>
  fetch(`${running.origin}/api/newsletter/${path}`, apiRequestInit('POST', { body }));

/** The hash and token of the opt-in link in a mail. */
const linkOf = (mail: OutboxMail | undefined) => {
  const match = linkPattern.exec(mail?.text ?? '');
  if (match === null) throw new Error(`no opt-in link in ${mail?.text}`);
  return { mail, emailHash: match[1] ?? '', token: match[2] ?? '' };
};

describe.each(testDatabases())('newsletter routes on $name', (engine) => {
  let db: TradeDb;
  let server: RunningServer;
  let limitedServer: RunningServer;
  let outboxDir: string;
  let mailer: Mailer;
  let now = new Date('2026-04-01T08:00:00.000Z');
  let recipientNumber = 0;

  const post = (path: string, body: unknown) => call(server, path, body);
  const freshEmail = () => {
    recipientNumber += 1;
    return `reader${recipientNumber}@example.org`;
  };
  const subscription = (emailHash: string) =>
    db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('email_hash', '=', emailHash)
      .executeTakeFirstOrThrow();
  /** Subscribes and returns the only opt-in mail with the hash and token of its link. */
  const subscribe = async (email: string, edition: EditionCode = 'de') => {
    const response = await post('subscribe', { email, edition, source: 'footer' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const mails = await mailsTo(outboxDir, email);
    expect(mails).toHaveLength(1);
    return linkOf(mails[0]);
  };
  const confirm = async (emailHash: string, token: string) => post('confirm', { emailHash, token });
  const activeSubscription = async (email: string) => {
    const { emailHash, token } = await subscribe(email);
    expect((await confirm(emailHash, token)).status).toBe(200);
    return emailHash;
  };

  beforeAll(async () => {
    db = await engine.create();
    await migrateToLatest(db);
    outboxDir = await mkdtemp(join(tmpdir(), 'newsletter-outbox-'));
    mailer = createMailer({ smtpUrl: undefined, outboxDir });
    server = await startTestServer(db, {
      extend: (route) => registerNewsletterRoutes(route, { db, config, mailer, clock: () => now }),
    });
    limitedServer = await startTestServer(db, {
      extend: (route) =>
        registerNewsletterRoutes(route, {
          db,
          config,
          mailer,
          clock: () => now,
          newsletterEditions: ['de'],
        }),
    });
  });
  afterAll(async () => {
    await server.close();
    await limitedServer.close();
    mailer.close();
    await engine.destroy(db);
    await rm(outboxDir, { recursive: true, force: true });
  });

  it('stores a pending subscription and mails a link whose token confirms it', async () => {
    now = new Date('2026-04-01T08:00:00.000Z');
    const email = freshEmail();
    const { emailHash, token } = await subscribe(email);
    const pending = await subscription(emailHash);
    expect(pending).toMatchObject({
      email,
      edition: 'de',
      status: 'pending',
      source: 'footer',
      confirm_expires_at: '2026-04-08T08:00:00.000Z',
      opt_in_sent_at: '2026-04-01T08:00:00.000Z',
    });
    // Only a hash of the token is stored.
    expect(pending.confirm_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const log = await db
      .selectFrom('mail_log')
      .selectAll()
      .where('recipient', '=', email)
      .execute();
    expect(log).toMatchObject([{ kind: 'newsletter-opt-in', transport: 'outbox', error: null }]);

    const confirmed = await confirm(emailHash, token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({
      edition: 'de',
      status: 'active',
      firstName: null,
      salutation: null,
      interests: [],
    });
    expect(await subscription(emailHash)).toMatchObject({
      status: 'active',
      confirm_token_hash: null,
      confirmed_at: '2026-04-01T08:00:00.000Z',
    });
  });

  it.each([
    ['de', 'Bitte bestätige deine Newsletter-Anmeldung', 'innerhalb von 7 Tagen', 'shop'],
    ['at', 'Bitte bestätige deine Newsletter-Anmeldung', 'Ankauf-Shop', 'shop'],
    ['es', 'Confirma tu suscripción a la newsletter', 'en un plazo de 7 días', 'shop'],
    ['fr', 'Veuillez confirmer votre abonnement à la newsletter', 'dans les 7 jours', 'fr.shop'],
    ['it', 'Conferma la tua iscrizione alla newsletter', 'entro 7 giorni', 'shop'],
  ] as const)(
    'writes the %s opt-in mail in its language, linking its shop',
    async (edition, subject, phrase, shop) => {
      const email = freshEmail();
      const { mail, emailHash, token } = await subscribe(email, edition);
      expect(mail?.subject).toBe(subject);
      expect(mail?.text).toContain(phrase);
      expect(mail?.text).toContain(
        `https://${shop}.example/newsletter/enrich/${emailHash}?token=${token}`,
      );
      expect((await confirm(emailHash, token)).status).toBe(200);
    },
  );

  it('accepts each token once', async () => {
    const { emailHash, token } = await subscribe(freshEmail());
    expect((await confirm(emailHash, token)).status).toBe(200);
    const again = await confirm(emailHash, token);
    expect(again.status).toBe(400);
    expect(((await again.json()) as ApiError).error.code).toBe('invalid_token');
  });

  it('rejects a wrong token and a token of another subscription', async () => {
    const first = await subscribe(freshEmail());
    const second = await subscribe(freshEmail());
    for (const [emailHash, token] of [
      [first.emailHash, second.token],
      [first.emailHash, 'A'.repeat(43)],
    ] as const) {
      const response = await confirm(emailHash, token);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ApiError).error.code).toBe('invalid_token');
    }
    expect((await subscription(first.emailHash)).status).toBe('pending');
  });

  it('lets a token expire after seven days', async () => {
    now = new Date('2026-04-10T08:00:00.000Z');
    const early = await subscribe(freshEmail());
    const late = await subscribe(freshEmail());
    now = new Date(Date.parse('2026-04-10T08:00:00.000Z') + 7 * dayMs - 1);
    expect((await confirm(early.emailHash, early.token)).status).toBe(200);
    now = new Date(Date.parse('2026-04-10T08:00:00.000Z') + 7 * dayMs);
    const expired = await confirm(late.emailHash, late.token);
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as ApiError).error).toEqual({
      code: 'token_expired',
      message: 'This confirmation link has expired; please subscribe again',
    });
    expect((await subscription(late.emailHash)).status).toBe('pending');
  });

  it('sends no second mail for a repeat within ten minutes, a new link after', async () => {
    now = new Date('2026-04-20T08:00:00.000Z');
    const email = freshEmail();
    const first = await subscribe(email);
    now = new Date('2026-04-20T08:09:59.000Z');
    expect((await post('subscribe', { email: email.toUpperCase(), edition: 'de' })).status).toBe(
      200,
    );
    expect(await mailsTo(outboxDir, email)).toHaveLength(1);
    now = new Date('2026-04-20T08:10:01.000Z');
    expect((await post('subscribe', { email, edition: 'de' })).status).toBe(200);
    const mails = await mailsTo(outboxDir, email);
    expect(mails).toHaveLength(2);
    const second = linkOf(mails.find((mail) => mail.file !== first.mail?.file));
    expect(second.emailHash).toBe(first.emailHash);
    // The newer link replaces the older one.
    expect((await confirm(first.emailHash, first.token)).status).toBe(400);
    expect((await confirm(second.emailHash, second.token)).status).toBe(200);
    expect((await subscription(first.emailHash)).source).toBe('footer');
  });

  it('answers a subscribe of an active address the same, without mail or change', async () => {
    const email = freshEmail();
    const emailHash = await activeSubscription(email);
    now = new Date(now.getTime() + dayMs);
    const before = await rowCounts(db);
    const response = await post('subscribe', { email, edition: 'de' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(await mailsTo(outboxDir, email)).toHaveLength(1);
    expect(await rowCounts(db)).toEqual(before);
    expect((await subscription(emailHash)).status).toBe('active');
  });

  it('refuses editions without a newsletter and stores nothing', async () => {
    const before = await rowCounts(db);
    const response = await call(limitedServer, 'subscribe', {
      email: freshEmail(),
      edition: 'fr',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'newsletter_unavailable',
        message: 'The fr edition has no newsletter',
        fields: [{ path: 'edition', message: 'This edition has no newsletter' }],
      },
    });
    expect(await rowCounts(db)).toEqual(before);
    expect(
      (await call(limitedServer, 'subscribe', { email: freshEmail(), edition: 'de' })).status,
    ).toBe(200);
  });

  it('makes the e-mail hash with the server secret, not from the address alone', async () => {
    const email = freshEmail();
    const { emailHash } = await subscribe(email, 'es');
    expect(emailHash).toBe(newsletterEmailHash(newsletterHashKey(config.jwtSecret), 'es', email));
    const guesses = [email, `es\n${email}`, `${email}es`].flatMap((input) =>
      ['md5', 'sha1', 'sha256', 'sha512'].map((algorithm) =>
        createHash(algorithm).update(input).digest('hex'),
      ),
    );
    expect(guesses).not.toContain(emailHash);
    expect(createHmac('sha256', config.jwtSecret).update(`es\n${email}`).digest('hex')).not.toBe(
      emailHash,
    );
    expect(
      newsletterEmailHash(newsletterHashKey('another-secret-that-is-long-enough'), 'es', email),
    ).not.toBe(emailHash);
    // The same address has a different link in another edition.
    expect(newsletterEmailHash(newsletterHashKey(config.jwtSecret), 'de', email)).not.toBe(
      emailHash,
    );
  });

  it('enriches an active subscription and shows it by its hash', async () => {
    const emailHash = await activeSubscription(freshEmail());
    const response = await post('enrich', {
      emailHash,
      firstName: ' Anna ',
      salutation: 'ms',
      interests: ['tips', 'offers'],
    });
    expect(response.status).toBe(200);
    const expected = {
      edition: 'de',
      status: 'active',
      firstName: 'Anna',
      salutation: 'ms',
      interests: ['offers', 'tips'],
    };
    expect(await response.json()).toEqual(expected);
    const read = await fetch(`${server.origin}/api/newsletter/subscription?emailHash=${emailHash}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(expected);
    // A partial update keeps the other details.
    const partial = await post('enrich', { emailHash, interests: ['news'] });
    expect(await partial.json()).toEqual({ ...expected, interests: ['news'] });
  });

  it('refuses to enrich a pending subscription or an unknown link', async () => {
    const { emailHash } = await subscribe(freshEmail());
    const before = await rowCounts(db);
    const pending = await post('enrich', { emailHash, firstName: 'Anna' });
    expect(pending.status).toBe(409);
    expect(((await pending.json()) as ApiError).error.code).toBe('subscription_not_active');
    expect((await subscription(emailHash)).first_name).toBeNull();
    const unknown = await post('enrich', { emailHash: 'a'.repeat(64), firstName: 'Anna' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ApiError).error.code).toBe('subscription_not_found');
    const read = await fetch(
      `${server.origin}/api/newsletter/subscription?emailHash=${'b'.repeat(64)}`,
    );
    expect(read.status).toBe(404);
    expect(await rowCounts(db)).toEqual(before);
  });

  it.each([
    ['no detail', {}, ''],
    ['an unknown interest', { interests: ['cars'] }, 'interests.0'],
    ['a repeated interest', { interests: ['news', 'news'] }, 'interests'],
    ['a blank first name', { firstName: '  ' }, 'firstName'],
    ['an unknown salutation', { salutation: 'sir' }, 'salutation'],
  ])('answers 400 to an enrich with %s', async (_case, details, field) => {
    const response = await post('enrich', { emailHash: 'c'.repeat(64), ...details });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as ApiError;
    expect(answer.error.code).toBe('validation_failed');
    expect(answer.error.fields?.map((entry) => entry.path)).toContain(field);
  });

  it('unsubscribes by hash, forgets the details, and answers a repeat the same', async () => {
    const email = freshEmail();
    const emailHash = await activeSubscription(email);
    await post('enrich', { emailHash, firstName: 'Bert', interests: ['news'] });
    const response = await post('unsubscribe', { emailHash });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(await subscription(emailHash)).toMatchObject({
      status: 'unsubscribed',
      first_name: null,
      salutation: null,
      interests: '[]',
      unsubscribed_at: now.toISOString(),
    });
    expect((await post('unsubscribe', { emailHash })).status).toBe(200);
    expect((await post('enrich', { emailHash, firstName: 'Bert' })).status).toBe(409);
    const unknown = await post('unsubscribe', { emailHash: 'd'.repeat(64) });
    expect(unknown.status).toBe(404);

    // Subscribing again needs a new opt-in.
    expect((await post('subscribe', { email, edition: 'de' })).status).toBe(200);
    const mails = await mailsTo(outboxDir, email);
    expect(mails).toHaveLength(2);
    expect((await subscription(emailHash)).status).toBe('pending');
  });

  it('cancels a pending subscription, after which its link no longer confirms', async () => {
    const { emailHash, token } = await subscribe(freshEmail());
    expect((await post('unsubscribe', { emailHash })).status).toBe(200);
    expect((await confirm(emailHash, token)).status).toBe(400);
    expect((await subscription(emailHash)).status).toBe('unsubscribed');
  });

  it.each([
    ['subscribe', { email: 'not-an-email', edition: 'de' }, 'email'],
    ['subscribe', { email: 'a@example.org', edition: 'uk' }, 'edition'],
    ['subscribe', { email: 'a@example.org', edition: 'de', source: 'Footer!' }, 'source'],
    ['confirm', { emailHash: 'ABC', token: 'A'.repeat(43) }, 'emailHash'],
    ['confirm', { emailHash: 'a'.repeat(64), token: 'short' }, 'token'],
    ['unsubscribe', { emailHash: 'g'.repeat(64) }, 'emailHash'],
  ])('answers 400 to %s with a bad %j', async (path, body, field) => {
    const response = await post(path, body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as ApiError;
    expect(answer.error.fields?.map((entry) => entry.path)).toContain(field);
  });

  it('never answers arbitrary input with a 5xx and never changes the database', async () => {
    const before = await rowCounts(db);
    const mailCount = (await readdir(outboxDir)).length;
    const text = fc.oneof(fc.string(), fc.constant('a'.repeat(64)), fc.constant('A'.repeat(43)));
    const nearlyValid = fc.record(
      {
        email: fc.oneof(fc.string(), fc.constant('broken@@example.org')),
        edition: fc.oneof(fc.string(), fc.constantFrom('de', 'uk')),
        source: text,
        emailHash: text,
        token: text,
        firstName: fc.oneof(fc.string(), fc.integer()),
        salutation: fc.string(),
        interests: fc.oneof(fc.array(fc.string()), fc.string()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('subscribe', 'confirm', 'enrich', 'unsubscribe'),
        fc.oneof(fc.jsonValue(), nearlyValid),
        async (path, body) => {
          const response = await post(path, body);
          const answer = (await response.json()) as { error?: { code?: unknown } };
          return (
            response.status >= 400 &&
            response.status < 500 &&
            typeof answer.error?.code === 'string'
          );
        },
      ),
      { numRuns: 200 },
    );
    expect(await rowCounts(db)).toEqual(before);
    expect(await readdir(outboxDir)).toHaveLength(mailCount);
  });
});
