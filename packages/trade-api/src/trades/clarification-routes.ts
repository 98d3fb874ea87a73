import { open } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import {
  answerClarificationLinesEndpoint,
  apiErrorCode,
  clarificationPhotoEndpoint,
  getClarificationEndpoint,
  quickAnswerClarificationEndpoint,
  type ClarificationView,
} from '@tradein/contract';
import type { FastifyReply } from 'fastify';
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

/** The image types an inspection photo may have, told by the file's first bytes. */
function imageTypeOf(head: Uint8Array): string | undefined {
  const starts = (bytes: readonly number[], at = 0) =>
    bytes.every((byte, index) => head[at + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF…WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  return undefined;
}

/** Answers the inspection photo of a line by its content; the page's 404 when there is none. */
async function sendInspectionPhoto(
  deps: TradeRouteDeps,
  item: TradeRecord['items'][number] | undefined,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (item === undefined || item.photoPath === null) throw clarificationNotFound();
  // The stored path is relative to the data folder; anything outside its photo folder is refused.
  const folder = resolve(deps.config.dataDir, 'inspection-photos');
  const file = resolve(deps.config.dataDir, item.photoPath);
  if (!file.startsWith(`${folder}${sep}`)) throw clarificationNotFound();
  const handle = await open(file, 'r').catch(() => undefined);
  if (handle === undefined) throw clarificationNotFound();
  try {
    const head = new Uint8Array(12);
    await handle.read(head, 0, head.length, 0);
    const contentType = imageTypeOf(head);
    if (contentType === undefined) throw clarificationNotFound();
    const { size } = await handle.stat();
    return await reply
      .header('content-type', contentType)
      .header('content-length', String(size))
      // The link is a capability: no shared cache may keep what it opens.
      .header('cache-control', 'private, no-store')
      .send(handle.createReadStream({ start: 0 }));
  } catch (error) {
    await handle.close();
    throw error;
  }
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
