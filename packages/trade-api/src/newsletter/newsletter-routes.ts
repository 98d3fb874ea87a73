import { basename } from 'node:path';
import {
  apiErrorCode,
  newsletterConfirmEndpoint,
  newsletterEnrichEndpoint,
  newsletterSubscribeEndpoint,
  newsletterSubscriptionEndpoint,
  newsletterSubscriptionQuerySchema,
  newsletterUnsubscribeEndpoint,
} from '@tradein/contract';
import { editionCodes, getEdition, shopOriginOf, type EditionCode } from '@tradein/editions';
import type { TradeApiConfig } from '../config/trade-api-config.ts';
import type { TradeDb } from '../db/create-database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { HttpError } from '../server/http-error.ts';
import type { Route } from '../server/route.ts';
import { newsletterHashKey } from './email-hash.ts';
import {
  confirmSubscription,
  confirmTokenLifetimeDays,
  endSubscription,
  enrichSubscription,
  findSubscription,
  markOptInSent,
  startSubscription,
  subscriptionView,
} from './newsletter-subscriptions.ts';
import { optInMail, optInPath } from './opt-in-mail.ts';

/** What the newsletter routes need. */
export interface NewsletterDeps {
  db: TradeDb;
  /**
   * `jwtSecret` keys the e-mail hash; `shopOrigins` start the opt-in link (the consumer shop of
   * the subscription's edition); `smtpUrl` names the mail log's transport.
   */
  config: Pick<TradeApiConfig, 'jwtSecret' | 'shopOrigins' | 'smtpUrl'>;
  mailer: Mailer;
  /** The current time; tests pass a fixed clock. */
  clock?: () => Date;
  /** Editions that take subscriptions; by default those whose configuration has `hasNewsletter`. */
  newsletterEditions?: readonly EditionCode[];
}

const unknownLink = () =>
  new HttpError(
    404,
    apiErrorCode.subscriptionNotFound,
    'There is no newsletter subscription for this link',
  );

/** Writes one mail_log row; the log must never make a sent mail look failed. */
async function logMail(
  db: TradeDb,
  entry: { recipient: string; subject: string; transport: string; reference: string | null },
  error: string | null,
  now: Date,
): Promise<void> {
  await db
    .insertInto('mail_log')
    .values({ kind: 'newsletter-opt-in', ...entry, error, created_at: now.toISOString() })
    .execute();
}

/**
 * Starts (or renews) a subscription and mails its double opt-in link when one is due: the
 * subscribe call, and a checkout whose seller ticked the newsletter. A mail that fails is
 * recorded in `mail_log` and thrown.
 */
export async function subscribeWithOptInMail(
  deps: NewsletterDeps,
  input: { email: string; edition: EditionCode; source: string | undefined },
): Promise<void> {
  const now = (deps.clock ?? (() => new Date()))();
  const outcome = await startSubscription(
    deps.db,
    newsletterHashKey(deps.config.jwtSecret),
    input,
    now,
  );
  if (outcome.kind === 'nothing') return;
  const link = new URL(
    optInPath(outcome.emailHash, outcome.token),
    shopOriginOf(deps.config.shopOrigins, input.edition, 'default'),
  ).toString();
  const mail = optInMail({
    edition: input.edition,
    to: input.email.toLowerCase(),
    link,
    days: confirmTokenLifetimeDays,
  });
  const transport = deps.config.smtpUrl === undefined ? 'outbox' : 'smtp';
  try {
    const sent = await deps.mailer.send(mail);
    await markOptInSent(deps.db, outcome.subscriptionId, now);
    const reference = sent.file === undefined ? sent.messageId : basename(sent.file);
    await logMail(
      deps.db,
      { recipient: mail.to, subject: mail.subject, transport, reference },
      null,
      now,
    );
  } catch (error) {
    await logMail(
      deps.db,
      { recipient: mail.to, subject: mail.subject, transport, reference: null },
      error instanceof Error ? error.message : String(error),
      now,
    );
    throw error;
  }
}

/**
 * Registers the newsletter calls of the contract (`newsletter…Endpoint`): subscribe with double
 * opt-in, confirm by the mailed single-use token, read, enrich and unsubscribe by the keyed
 * e-mail hash of the links.
 */
export function registerNewsletterRoutes(route: Route, deps: NewsletterDeps): void {
  const clock = deps.clock ?? (() => new Date());
  const editions = new Set(
    deps.newsletterEditions ?? editionCodes.filter((code) => getEdition(code).hasNewsletter),
  );

  route(newsletterSubscribeEndpoint, async ({ body, request }) => {
    if (!editions.has(body.edition)) {
      throw new HttpError(
        400,
        apiErrorCode.newsletterUnavailable,
        `The ${body.edition} edition has no newsletter`,
        [{ path: 'edition', message: 'This edition has no newsletter' }],
      );
    }
    try {
      await subscribeWithOptInMail(deps, {
        email: body.email,
        edition: body.edition,
        source: body.source,
      });
    } catch (error) {
      request.log.error({ err: error }, 'newsletter opt-in mail failed');
      throw error;
    }
    return { ok: true as const };
  });

  route(newsletterConfirmEndpoint, async ({ body }) => {
    const result = await confirmSubscription(deps.db, body.emailHash, body.token, clock());
    if (result === 'expired') {
      throw new HttpError(
        400,
        apiErrorCode.tokenExpired,
        'This confirmation link has expired; please subscribe again',
      );
    }
    if (result === 'invalid') {
      throw new HttpError(
        400,
        apiErrorCode.invalidToken,
        'This confirmation link is not valid or was already used',
      );
    }
    return subscriptionView(result);
  });

  route(newsletterSubscriptionEndpoint, async ({ request }) => {
    // The router has validated the query already, but `RouteInput` types the query of an
    // endpoint with an optional `query` schema as undefined: read it again, typed.
    const { emailHash } = newsletterSubscriptionQuerySchema.parse(request.query);
    const row = await findSubscription(deps.db, emailHash);
    if (row === undefined) throw unknownLink();
    return subscriptionView(row);
  });

  route(newsletterEnrichEndpoint, async ({ body }) => {
    const result = await enrichSubscription(deps.db, body, clock());
    if (result === 'unknown') throw unknownLink();
    if (result === 'not-active') {
      throw new HttpError(
        409,
        apiErrorCode.subscriptionNotActive,
        'Only a confirmed newsletter subscription can be completed',
      );
    }
    return subscriptionView(result);
  });

  route(newsletterUnsubscribeEndpoint, async ({ body }) => {
    if (!(await endSubscription(deps.db, body.emailHash, clock()))) throw unknownLink();
    return { ok: true as const };
  });
}
