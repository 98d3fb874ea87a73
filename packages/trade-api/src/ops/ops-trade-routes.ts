import {
  addInspectionPhotoEndpoint,
  apiErrorCode,
  maxInspectionPhotoBytes,
  maxInspectionPhotosPerLine,
  opsClarificationsEndpoint,
  opsInspectionEndpoint,
  opsInspectionPhotoEndpoint,
  opsReceiptEndpoint,
  opsRecordDecisionEndpoint,
  opsSellerPhotoEndpoint,
  opsTradeDetailEndpoint,
  opsTradeQueueEndpoint,
  rulePriceCents,
  type StaffRole,
} from '@tradein/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuditActor } from '../audit/audit-log.ts';
import { openBlobStore, type BlobStoreSettings } from '../blobs/open-blob-store.ts';
import { sendTradeMailsNow } from '../jobs/trade-mail-jobs.ts';
import { preparePhoto, PhotoRefusedError } from '../photos/photo-image.ts';
import { acceptRawPhotos, notAPhoto } from '../photos/raw-photo-upload.ts';
import { readInspectionPhoto } from '../photos/inspection-photos.ts';
import { sellerPhotoStorage } from '../photos/photo-storage.ts';
import { loadPhotoTrade, sellerPhotoBytes } from '../photos/seller-photos.ts';
import { apiError, HttpError } from '../server/http-error.ts';
import { createRouter, type Route } from '../server/route.ts';
import { actorOf, guardedRoute } from '../staff/guarded-route.ts';
import { decideClarificationLines } from '../trades/clarification-decisions.ts';
import { lifecycleErrorAnswer } from '../trades/lifecycle-answers.ts';
import { LifecycleError } from '../trades/lifecycle-errors.ts';
import { receiveTrade, recordFindingsWithin } from '../trades/lifecycle-steps.ts';
import { loadOfferDevice, type OfferCatalogueDevice } from '../trades/offer-catalogue.ts';
import { auditPriceRevision, reviseWithin } from '../trades/offer-revision.ts';
import type { MailLinks } from '../trades/shop-links.ts';
import { auditTrade } from '../trades/trade-audit.ts';
import type { TradeDeps } from '../trades/trade-deps.ts';
import { lineOf } from '../trades/trade-transition.ts';
import { loadTrade, type TradeRecord } from '../trades/trade-view.ts';
import { clarificationQueue } from './clarification-queue.ts';
import {
  inspectionPhotoKeys,
  lineVersion,
  newInspectionPhotoKey,
  opsTradeDetail,
} from './ops-trade-detail.ts';
import { priceRuleAsOf } from './price-rule-as-of.ts';
import { queryTradeQueue } from './trade-queue.ts';

/*
 * The inspectors' calls under /api/ops/ (docs/trades.md, "Back-office calls"): the queue, one
 * trade, receipt, findings with the revised price, inspection photos, clarifications and
 * decisions recorded for a seller. Every change is audited in its own transaction.
 */

/** What the routes need: the trade dependencies, the file store and the mail links. */
export interface OpsTradeRouteDeps extends TradeDeps {
  /** The shared file store's settings (data folder, S3): photos live there. */
  blobs: BlobStoreSettings;
  /** The shops' origins and signing secret: the revision mail links the clarification page. */
  links: MailLinks;
}

const readers: readonly StaffRole[] = ['admin', 'inspector', 'payouts'];
const inspectors: readonly StaffRole[] = ['admin', 'inspector'];

/** The trade a number names, or 404. */
async function tradeOr404(deps: TradeDeps, tradeNumber: string): Promise<TradeRecord> {
  const record = await loadTrade(deps.db, tradeNumber);
  if (record === null) {
    throw new HttpError(404, apiErrorCode.notFound, `There is no trade ${tradeNumber}`);
  }
  return record;
}

/** Runs a step, answering lifecycle refusals as every trade route does. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw lifecycleErrorAnswer(error);
  }
}

/** When and by whom a trade was received, as far as its events and the audit log know. */
async function receiptOf(deps: TradeDeps, record: TradeRecord): Promise<string> {
  const at = record.events.find((event) => event.status === 'received')?.at;
  const audit = await deps.db
    .selectFrom('audit_events')
    .select(['actor_label'])
    .where('subject_type', '=', 'trade')
    .where('subject_id', '=', record.tradeNumber)
    .where('action', '=', 'trade.received')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const when = at === undefined ? '' : ` at ${at}`;
  const who = audit === undefined ? '' : ` by ${audit.actor_label}`;
  return `${when}${who}`;
}

/** The refusal of a receipt of a trade that is not awaiting its parcel. */
async function receiptRefusal(deps: TradeDeps, record: TradeRecord): Promise<HttpError> {
  const received = await receiptOf(deps, record);
  if (record.status === 'received') {
    return new HttpError(
      409,
      apiErrorCode.alreadyReceived,
      `Trade ${record.tradeNumber} was already received${received}`,
    );
  }
  return new HttpError(
    409,
    apiErrorCode.invalidStatus,
    `Trade ${record.tradeNumber} is ${record.status}; only a created trade can be received` +
      (record.status === 'returned' ? '' : ` (it was received${received})`),
  );
}

/** Findings that name every question of the device with one of its answers, or a 400 naming it. */
function checkedFindings(
  device: OfferCatalogueDevice,
  findings: Record<string, string>,
): Record<string, string> {
  const problems: { path: string; message: string }[] = [];
  for (const code of Object.keys(findings)) {
    if (!device.questions.some((question) => question.code === code)) {
      problems.push({ path: `findings.${code}`, message: `${code} is no question of this device` });
    }
  }
  for (const question of device.questions) {
    const answer = findings[question.code];
    if (answer === undefined) {
      problems.push({ path: `findings.${question.code}`, message: 'Give what was found' });
    } else if (!question.answers.some((candidate) => candidate.code === answer)) {
      problems.push({
        path: `findings.${question.code}`,
        message: `${answer} is no answer of ${question.code}`,
      });
    }
  }
  if (problems.length > 0) {
    throw new HttpError(
      400,
      apiErrorCode.validationFailed,
      problems[0]?.message ?? 'Findings',
      problems,
    );
  }
  return findings;
}

/** The revision's reason for the seller when no override gave one: what was found otherwise. */
function findingsReason(
  device: OfferCatalogueDevice,
  answered: Record<string, string>,
  found: Record<string, string>,
): string {
  const differences = device.questions.flatMap((question) => {
    const was = answered[question.code];
    const is = found[question.code];
    if (was === is || is === undefined) return [];
    const text = (code: string | undefined) =>
      question.answers.find((answer) => answer.code === code)?.text ?? code ?? '?';
    return [`${question.question}: ${text(is)} (${text(was)})`];
  });
  return differences.length === 0 ? 'Inspection' : differences.join('; ');
}

/** Answers 409 `changed_meanwhile` with the line as it stands now. */
async function changedMeanwhileAnswer(
  deps: OpsTradeRouteDeps,
  reply: FastifyReply,
  tradeNumber: string,
  position: number,
): Promise<FastifyReply> {
  const record = await tradeOr404(deps, tradeNumber);
  const detail = await opsTradeDetail(deps.db, openBlobStore(deps.blobs, deps.db), record);
  const line = detail.lines.find((candidate) => candidate.position === position);
  return reply.code(409).send({
    ...apiError(
      apiErrorCode.changedMeanwhile,
      `Device ${position} of trade ${tradeNumber} was saved by someone else meanwhile; compare and save again`,
    ),
    line,
  });
}

/** Signals a version that no longer matches inside the transaction (rolled back). */
class VersionMismatch extends Error {}

/**
 * Records findings, and a revised price when the rule or the override differs from the line's
 * current price, in one transaction with their audit events.
 */
async function inspect(
  deps: OpsTradeRouteDeps,
  by: AuditActor,
  tradeNumber: string,
  position: number,
  body: {
    findings: Record<string, string>;
    override?: { priceCents: number; reason: string } | undefined;
    version: string;
  },
): Promise<{ rule: number; target: number; revision: 'none' | 'down' | 'up' } | 'changed'> {
  const record = await tradeOr404(deps, tradeNumber);
  const item = lineOf(record, position);
  const device = await loadOfferDevice(deps.db, item.deviceId, record.edition);
  if (device === null) {
    throw new LifecycleError('invalid', `Device ${item.deviceId} is no longer in the catalogue`);
  }
  const findings = checkedFindings(device, body.findings);
  if (!['received', 'inspected', 'clarification'].includes(record.status)) {
    throw new LifecycleError(
      'invalid',
      `Trade ${tradeNumber} is ${record.status}; only received, inspected or clarification trades can be inspected`,
    );
  }
  const offer = await deps.db
    .selectFrom('offers')
    .select('created_at')
    .where('id', '=', item.offerId)
    .executeTakeFirst();
  const rule = await priceRuleAsOf(
    deps.db,
    device,
    record.edition,
    offer?.created_at ?? record.createdAt,
  );
  const rulePrice = rulePriceCents(rule, findings) ?? item.priceCents;
  const target = body.override?.priceCents ?? rulePrice;
  const current = item.revisedPriceCents ?? item.priceCents;
  const sameFindings = (found: Record<string, string> | null) =>
    found !== null &&
    Object.keys(findings).length === Object.keys(found).length &&
    Object.entries(findings).every(([code, answer]) => found[code] === answer);
  if (body.version !== lineVersion(record, item)) {
    // A repeat of a save that went through (double submit) changes nothing and says so.
    if (sameFindings(item.found) && current === target) {
      return { rule: rulePrice, target, revision: 'none' };
    }
    return 'changed';
  }
  const now = deps.clock();
  const at = now.toISOString();
  let revision: 'none' | 'down' | 'up' = 'none';
  try {
    await deps.db.transaction().execute(async (trx) => {
      const fresh = await loadTrade(trx, tradeNumber);
      if (fresh === null) throw new VersionMismatch();
      const line = lineOf(fresh, position);
      if (lineVersion(fresh, line) !== body.version) throw new VersionMismatch();
      await recordFindingsWithin(trx, by, fresh, line, {
        findings,
        photoPath: line.photoPath,
        at,
      });
      if (target === current) return;
      const inspected = await loadTrade(trx, tradeNumber);
      if (inspected === null) throw new VersionMismatch();
      const input = {
        item: position,
        priceCents: target,
        reason: body.override?.reason ?? findingsReason(device, line.answered, findings),
      };
      await reviseWithin(trx, inspected, input, now);
      await auditPriceRevision(
        trx,
        by,
        inspected,
        {
          ...input,
          rulePriceCents: rulePrice,
          overrideReason: body.override?.reason ?? null,
        },
        at,
      );
      revision = target > line.priceCents ? 'up' : 'down';
    });
  } catch (error) {
    if (error instanceof VersionMismatch) return 'changed';
    throw error;
  }
  return { rule: rulePrice, target, revision };
}

/** Answers stored image bytes to staff, kept privately by the browser only. */
function sendImage(reply: FastifyReply, bytes: Uint8Array, contentType: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('cache-control', 'private, max-age=3600')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** The upload of an inspection photo, in a context whose bodies are raw bytes. */
async function registerInspectionPhotoUpload(
  api: FastifyInstance,
  deps: OpsTradeRouteDeps,
): Promise<void> {
  await api.register(async (upload) => {
    acceptRawPhotos(upload, maxInspectionPhotoBytes);
    const route = createRouter(upload, {
      prefix: '/api',
      bodyLimit: maxInspectionPhotoBytes,
      validateAnswers: false,
    });
    const guarded = guardedRoute(route, deps);
    guarded(addInspectionPhotoEndpoint, inspectors, async ({ params, body, session, request }) => {
      const contentType = String(request.headers['content-type'] ?? '');
      if (!contentType.startsWith('image/') || body.byteLength === 0) {
        throw notAPhoto();
      }
      const record = await tradeOr404(deps, params.tradeNumber);
      const item = await answering(async () => lineOf(record, params.position));
      if (!['received', 'inspected', 'clarification'].includes(record.status)) {
        throw new HttpError(
          409,
          apiErrorCode.invalidStatus,
          `Trade ${record.tradeNumber} is ${record.status}; photos are taken at inspection`,
        );
      }
      const store = openBlobStore(deps.blobs, deps.db);
      const existing = await inspectionPhotoKeys(store, record.tradeNumber, item.position);
      if (existing.length >= maxInspectionPhotosPerLine) {
        throw new HttpError(
          409,
          apiErrorCode.photoLimit,
          `A device keeps at most ${maxInspectionPhotosPerLine} inspection photos`,
        );
      }
      const prepared = await preparePhoto(body).catch((error: unknown) => {
        if (error instanceof PhotoRefusedError) {
          throw new HttpError(415, apiErrorCode.photoType, error.message);
        }
        throw error;
      });
      const now = deps.clock();
      const key = newInspectionPhotoKey(record.tradeNumber, item.position, now);
      await store.put(key, prepared.bytes, 'image/jpeg');
      const at = now.toISOString();
      await deps.db.transaction().execute(async (trx) => {
        // The newest photo is the one the seller's clarification page shows.
        await trx
          .updateTable('trade_items')
          .set({ photo_path: key })
          .where('id', '=', item.id)
          .execute();
        await auditTrade(trx, actorOf(session, request), {
          action: 'trade.inspection_photo_added',
          tradeNumber: record.tradeNumber,
          before: { position: item.position, photoPath: item.photoPath },
          after: {
            position: item.position,
            photoPath: key,
            width: prepared.width,
            height: prepared.height,
            sizeBytes: prepared.bytes.byteLength,
          },
          at,
        });
      });
      const detail = await opsTradeDetail(
        deps.db,
        store,
        await tradeOr404(deps, record.tradeNumber),
      );
      return {
        photos:
          detail.lines.find((line) => line.position === item.position)?.inspectionPhotos ?? [],
      };
    });
  });
}

/** Registers the inspectors' calls (docs/trades.md, "Back-office calls"). */
export async function registerOpsTradeRoutes(
  route: Route,
  api: FastifyInstance,
  deps: OpsTradeRouteDeps,
): Promise<void> {
  const guarded = guardedRoute(route, deps);
  const store = () => openBlobStore(deps.blobs, deps.db);
  const detailOf = async (tradeNumber: string) =>
    opsTradeDetail(deps.db, store(), await tradeOr404(deps, tradeNumber));

  guarded(opsTradeQueueEndpoint, readers, async ({ query }) => queryTradeQueue(deps.db, query));

  guarded(opsTradeDetailEndpoint, readers, async ({ params }) => detailOf(params.tradeNumber));

  guarded(opsReceiptEndpoint, inspectors, async ({ params, session, request }) => {
    const record = await tradeOr404(deps, params.tradeNumber);
    if (record.status !== 'created') throw await receiptRefusal(deps, record);
    try {
      const received = await receiveTrade(
        { ...deps, audit: actorOf(session, request) },
        params.tradeNumber,
      );
      await sendTradeMailsNow(deps, received);
    } catch (error) {
      if (!(error instanceof LifecycleError)) throw error;
      // Received by someone else in the meantime (a double submit): say so plainly.
      throw await receiptRefusal(deps, await tradeOr404(deps, params.tradeNumber));
    }
    return detailOf(params.tradeNumber);
  });

  guarded(opsInspectionEndpoint, inspectors, async ({ params, body, session, request, reply }) => {
    const outcome = await answering(() =>
      inspect(deps, actorOf(session, request), params.tradeNumber, params.position, body),
    );
    if (outcome === 'changed') {
      return changedMeanwhileAnswer(deps, reply, params.tradeNumber, params.position) as never;
    }
    const record = await tradeOr404(deps, params.tradeNumber);
    // The revision's mail (with the clarification link) goes out now that it is committed.
    if (outcome.revision !== 'none') await sendTradeMailsNow(deps, record);
    return {
      rulePriceCents: outcome.rule,
      revisedPriceCents: outcome.target,
      revision: outcome.revision,
      trade: await opsTradeDetail(deps.db, store(), record),
    };
  });

  guarded(opsInspectionPhotoEndpoint, readers, async ({ params, reply }) => {
    const found = (await inspectionPhotoKeys(store(), params.tradeNumber, params.position)).find(
      (photo) => photo.id === params.photoId,
    );
    const photo = found === undefined ? undefined : await readInspectionPhoto(store(), found.key);
    if (photo === undefined)
      throw new HttpError(404, apiErrorCode.notFound, 'There is no such photo');
    return sendImage(reply, photo.bytes, photo.contentType) as never;
  });

  guarded(opsSellerPhotoEndpoint, readers, async ({ params, reply }) => {
    const trade = await loadPhotoTrade(deps.db, params.tradeNumber);
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(
      params.photoId,
    );
    const bytes =
      trade === null || !isUuid
        ? null
        : await sellerPhotoBytes(
            { db: deps.db, clock: deps.clock, storage: sellerPhotoStorage(store()) },
            trade,
            params.position,
            params.photoId,
          );
    if (bytes === null) throw new HttpError(404, apiErrorCode.notFound, 'There is no such photo');
    return sendImage(reply, bytes, 'image/jpeg') as never;
  });

  guarded(opsClarificationsEndpoint, readers, async ({ query }) =>
    clarificationQueue(deps.db, query, deps.clock()),
  );

  guarded(opsRecordDecisionEndpoint, inspectors, async ({ params, body, session, request }) => {
    await tradeOr404(deps, params.tradeNumber);
    const decided = await answering(() =>
      decideClarificationLines(
        { ...deps, audit: actorOf(session, request), note: body.note },
        params.tradeNumber,
        body.decisions,
        'operator',
      ),
    );
    await sendTradeMailsNow(deps, decided);
    return detailOf(params.tradeNumber);
  });

  await registerInspectionPhotoUpload(api, deps);
}
