import { open } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import {
  answerClarificationLinesEndpoint,
  apiErrorCode,
  clarificationLinkSchema,
  clarificationPhotoEndpoint,
  getClarificationEndpoint,
  quickAnswerClarificationEndpoint,
  tradeNumberSchema,
  type ClarificationView,
} from '@tradein/contract';
import * as z from 'zod/mini';
import { HttpError } from '../server/http-error.ts';
import type { Route } from '../server/route.ts';
import { resolveClarificationLink } from './clarification-links.ts';
import { clarificationView } from './clarification-view.ts';
import {
  ClarificationDecisionError,
  decideClarificationLines,
  LifecycleError,
} from './lifecycle.ts';
import type { TradeRouteDeps } from './trade-deps.ts';
import { lineRevision, loadTrade, type TradeRecord } from './trade-view.ts';

const linkParamsSchema = z.object({
  link: clarificationLinkSchema,
  tradeNumber: tradeNumberSchema,
});

const photoParamsSchema = z.object({
  link: clarificationLinkSchema,
  tradeNumber: tradeNumberSchema,
  position: z.string().check(z.regex(/^[1-9][0-9]{0,2}$/)),
});

/** The one answer to every link that opens nothing: unknown, expired, malformed or foreign. */
export function clarificationNotFound(): HttpError {
  return new HttpError(
    404,
    apiErrorCode.clarificationNotFound,
    'This clarification link is unknown or has expired',
  );
}

/** The trade a link's parameters open, the link's expiry and the link; 404 for anything else. */
async function linkedTrade(
  deps: TradeRouteDeps,
  params: unknown,
): Promise<{ record: TradeRecord; expiresAt: string; link: string }> {
  const parsed = linkParamsSchema.safeParse(params);
  if (!parsed.success) throw clarificationNotFound();
  const { link, tradeNumber } = parsed.data;
  const resolved = await resolveClarificationLink(deps.db, link, tradeNumber, deps.clock());
  const record = resolved === undefined ? null : await loadTrade(deps.db, tradeNumber);
  if (resolved === undefined || record === null || record.id !== resolved.tradeId) {
    throw clarificationNotFound();
  }
  return { record, expiresAt: resolved.expiresAt, link };
}

/** The HTTP answer of a decision the trade does not take. */
function decisionRefused(error: unknown): unknown {
  if (error instanceof ClarificationDecisionError) {
    return error.problem === 'answered'
      ? new HttpError(409, apiErrorCode.clarificationAnswered, error.message)
      : new HttpError(400, apiErrorCode.validationFailed, error.message, [
          { path: 'decisions', message: error.message },
        ]);
  }
  if (error instanceof LifecycleError) {
    return new HttpError(409, apiErrorCode.clarificationAnswered, error.message);
  }
  return error;
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

  route(getClarificationEndpoint, async ({ request }) => {
    const { record, expiresAt, link } = await linkedTrade(deps, request.params);
    return view(record, expiresAt, link);
  });

  route(clarificationPhotoEndpoint, async ({ request, reply }) => {
    const parsed = photoParamsSchema.safeParse(request.params);
    if (!parsed.success) throw clarificationNotFound();
    const { record } = await linkedTrade(deps, parsed.data);
    const item = record.items.find((line) => line.position === Number(parsed.data.position));
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
  });

  route(answerClarificationLinesEndpoint, async ({ request, body }) => {
    const { record, expiresAt, link } = await linkedTrade(deps, request.params);
    try {
      const decided = await decideClarificationLines(
        deps,
        record.tradeNumber,
        body.decisions,
        'customer',
      );
      return await view(decided, expiresAt, link);
    } catch (error) {
      throw decisionRefused(error);
    }
  });

  route(quickAnswerClarificationEndpoint, async ({ request, body }) => {
    const { record, expiresAt, link } = await linkedTrade(deps, request.params);
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
      throw decisionRefused(error);
    }
  });
}
