import {
  answerClarificationLinesEndpoint,
  apiErrorCode,
  clarificationPhotoEndpoint,
  getClarificationEndpoint,
  quickAnswerClarificationEndpoint,
  type ClarificationView,
} from '@tradein/contract';
import type { FastifyReply } from 'fastify';
import { openBlobStore } from '../blobs/open-blob-store.ts';
import { readInspectionPhoto } from '../photos/inspection-photos.ts';
import { HttpError } from '../server/http-error.ts';
import type { Route, RouteOptions } from '../server/route.ts';
import { resolveClarificationLink } from './clarification-links.ts';
import { clarificationView } from './clarification-view.ts';
import { decideClarificationLines } from './clarification-decisions.ts';
import { lifecycleErrorAnswer } from './lifecycle-answers.ts';
import type { TradeRouteDeps } from './trade-deps.ts';
import { lineRevision, loadTrade, type TradeRecord } from './trade-view.ts';

/** The one answer to every link that opens nothing: unknown, expired, malformed or foreign. */
export function clarificationNotFound(): HttpError {
  return new HttpError(
    404,
    apiErrorCode.clarificationNotFound,
    'This clarification link is unknown or has expired',
  );
}

/**
 * What the calls of a link do with route parameters that fail the contract: the same 404 as a
 * link that opens nothing, so a malformed link tells a prober nothing either.
 */
export const clarificationLinkRoute: RouteOptions = { invalidParams: clarificationNotFound };

/** The trade a link's parameters open, the link's expiry and the link; 404 for anything else. */
async function linkedTrade(
  deps: TradeRouteDeps,
  { link, tradeNumber }: { link: string; tradeNumber: string },
): Promise<{ record: TradeRecord; expiresAt: string; link: string }> {
  const resolved = await resolveClarificationLink(deps.db, link, tradeNumber, deps.clock());
  const record = resolved === undefined ? null : await loadTrade(deps.db, tradeNumber);
  if (resolved === undefined || record === null || record.id !== resolved.tradeId) {
    throw clarificationNotFound();
  }
  return { record, expiresAt: resolved.expiresAt, link };
}

/**
 * Answers the inspection photo of a line from the shared file store, typed by its content; the
 * page's 404 when there is none (a path that is no inspection photo's key is refused).
 */
async function sendInspectionPhoto(
  deps: TradeRouteDeps,
  item: TradeRecord['items'][number] | undefined,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (item === undefined || item.photoPath === null) throw clarificationNotFound();
  const photo = await readInspectionPhoto(openBlobStore(deps.config, deps.db), item.photoPath);
  if (photo === undefined) throw clarificationNotFound();
  return (
    reply
      .header('content-type', photo.contentType)
      .header('content-length', String(photo.bytes.byteLength))
      // The link is a capability: no shared cache may keep what it opens.
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(photo.bytes.buffer, photo.bytes.byteOffset, photo.bytes.byteLength))
  );
}

/**
 * Registers the calls of a clarification link (no session: the link is the authorisation):
 * the page's view, the inspection photo of a line, the decisions per device, and the quick
 * answer that accepts one revised offer. Every link that opens nothing answers the same 404.
 */
export function registerClarificationRoutes(route: Route, deps: TradeRouteDeps): void {
  const view = async (
    record: TradeRecord,
    expiresAt: string,
    link: string,
  ): Promise<ClarificationView> => clarificationView(deps.db, record, expiresAt, link);

  route(
    getClarificationEndpoint,
    async ({ params }) => {
      const { record, expiresAt, link } = await linkedTrade(deps, params);
      return view(record, expiresAt, link);
    },
    clarificationLinkRoute,
  );

  route(
    clarificationPhotoEndpoint,
    async ({ params, reply }) => {
      const { record } = await linkedTrade(deps, params);
      const item = record.items.find((line) => line.position === params.position);
      return sendInspectionPhoto(deps, item, reply);
    },
    clarificationLinkRoute,
  );

  route(
    answerClarificationLinesEndpoint,
    async ({ params, body }) => {
      const { record, expiresAt, link } = await linkedTrade(deps, params);
      try {
        const decided = await decideClarificationLines(
          deps,
          record.tradeNumber,
          body.decisions,
          'customer',
        );
        return await view(decided, expiresAt, link);
      } catch (error) {
        throw lifecycleErrorAnswer(error);
      }
    },
    clarificationLinkRoute,
  );

  route(
    quickAnswerClarificationEndpoint,
    async ({ params, body }) => {
      const { record, expiresAt, link } = await linkedTrade(deps, params);
      const item = record.items.find(
        (line) => lineRevision(record, line)?.revisedOfferId === body.offerId,
      );
      // An offer of another trade, or one a later revision replaced, is no offer of this page.
      if (item === undefined) throw clarificationNotFound();
      try {
        const decided = await decideClarificationLines(
          deps,
          record.tradeNumber,
          [{ position: item.position, decision: 'accept' }],
          'customer',
          { partial: true },
        );
        return await view(decided, expiresAt, link);
      } catch (error) {
        throw lifecycleErrorAnswer(error);
      }
    },
    clarificationLinkRoute,
  );
}
