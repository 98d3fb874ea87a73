import { Readable } from 'node:stream';
import {
  apiErrorCode,
  catalogueDeviceEndpoint,
  catalogueDevicesEndpoint,
  deviceRetirementEndpoint,
  devicePriceEndpoint,
  maxCatalogueUploadBytes,
  modelImportEndpoint,
  priceAdjustmentEndpoint,
  priceFactorEndpoint,
  priceFactorsEndpoint,
  priceImportEndpoint,
  priceListCsvEndpoint,
  type ApiFieldError,
  type CataloguePriceChangeSummary,
  type StaffRole,
} from '@tradein/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TradeDb } from '../db/create-database.ts';
import { databaseRetryAfterSeconds } from '../db/database-unavailable.ts';
import { HttpError } from '../server/http-error.ts';
import { createRouter, type Route } from '../server/route.ts';
import { actorOf, guardedRoute } from '../staff/guarded-route.ts';
import type { StaffSession } from '../staff/staff-sessions.ts';
import {
  CatalogueBusyError,
  CatalogueChangedError,
  latestRevision,
  type CatalogueChangeOrigin,
} from './catalogue-change.ts';
import { catalogueDevice, findCatalogueDevices } from './catalogue-devices.ts';
import { CatalogueImportError, importCatalogue } from './catalogue-import.ts';
import { retireDevice } from './catalogue-retire.ts';
import { setDevicePrice } from './device-price.ts';
import { adjustPrices, type PriceSelector } from './price-adjust.ts';
import { PriceChangeRefusedError, type PriceChangeResult } from './price-change.ts';
import { listPriceFactors, setPriceFactor } from './price-factors.ts';
import { importPrices } from './price-import.ts';
import { priceListCsv } from './price-list.ts';

/*
 * The back office's catalogue and price calls (contract: ops-catalogue.ts; docs/catalogue.md,
 * "Back-office calls"), for the role `pricing` only. Each change runs the same operation as the
 * command line (a catalogue revision with its audit events in one transaction). A bulk change is
 * previewed (a dry run answering the newest revision it saw) and applied with that revision, so
 * a change someone made in between refuses it (409) instead of being overwritten blindly.
 */

/** What the catalogue routes need. */
export interface OpsCatalogueRouteDeps {
  db: TradeDb;
  clock: () => Date;
  /** Parse every answer with the contract (development and tests). */
  validateAnswers: boolean;
}

/** Only the pricing manager: admin does not imply it. */
const pricingOnly: readonly StaffRole[] = ['pricing'];

/** Most refusals one answer names; a file with more names the first ones. */
const maxNamedProblems = 200;

/** The origin of a change made in the back office: the revision names the e-mail address. */
function originOf(session: StaffSession, request: FastifyRequest): CatalogueChangeOrigin {
  const audit = actorOf(session, request);
  return { actor: session.staff.email, source: audit.source, audit };
}

/** The field path of a price problem: `lines.7.basePriceCents`, or the field alone. */
function problemPath(problem: { line?: number; field?: string }): string {
  const field = problem.field ?? 'line';
  return problem.line === undefined ? field : `lines.${problem.line}.${field}`;
}

/** A model import's problem (`models.json: [0].series[1].name: …`) as a field error. */
function importProblemField(fileName: string, problem: string): ApiFieldError {
  const text = problem.startsWith(`${fileName}: `) ? problem.slice(fileName.length + 2) : problem;
  const match = /^(\[[^\s:]*?): (.*)$/s.exec(text);
  return match === null
    ? { path: '', message: text.slice(0, 2000) || 'refused' }
    : {
        path: (match[1] ?? '').slice(0, 500),
        message: (match[2] ?? '').slice(0, 2000) || 'refused',
      };
}

/** Runs a change, turning its refusals into the API's answers. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PriceChangeRefusedError) {
      const [first] = error.problems;
      if (error.problems.length === 1 && first?.field === 'deviceId' && first.line === undefined) {
        throw new HttpError(404, apiErrorCode.notFound, `There is ${first.message}`);
      }
      const named = error.problems.slice(0, maxNamedProblems);
      throw new HttpError(
        400,
        apiErrorCode.validationFailed,
        error.problems.length > named.length
          ? `Refused, nothing was changed: ${error.problems.length} problems, the first ${named.length} named`
          : 'Refused, nothing was changed',
        named.map((problem) => ({ path: problemPath(problem), message: problem.message })),
      );
    }
    if (error instanceof CatalogueImportError) {
      const named = error.problems.slice(0, maxNamedProblems);
      throw new HttpError(
        400,
        apiErrorCode.validationFailed,
        'The models were refused, nothing was changed',
        named.map((problem) => importProblemField(importFileName, problem)),
      );
    }
    if (error instanceof CatalogueChangedError) {
      throw new HttpError(409, apiErrorCode.changedMeanwhile, error.message);
    }
    if (error instanceof CatalogueBusyError) {
      throw new HttpError(503, apiErrorCode.serviceUnavailable, error.message);
    }
    throw error;
  }
}

/** The name the model import's problems carry. */
const importFileName = 'models.json';

/** A price change's answer: counts, the largest moves and the revision a preview saw. */
function summaryOf(
  result: PriceChangeResult,
  basedOnRevision: number | null,
): CataloguePriceChangeSummary {
  return {
    dryRun: result.dryRun,
    revisionId: result.revisionId,
    basedOnRevision,
    prices: result.changes.length,
    devices: result.devices,
    largestMoves: result.largestMoves.map((move) => ({
      deviceId: move.deviceId,
      name: move.name,
      edition: move.edition,
      oldBasePriceCents: move.oldBasePriceCents,
      newBasePriceCents: move.newBasePriceCents,
      oldRecyclingPriceCents: move.oldRecyclingPriceCents,
      newRecyclingPriceCents: move.newRecyclingPriceCents,
      relativeMove: Number.isFinite(move.relativeMove) ? move.relativeMove : null,
    })),
  };
}

/** The newest revision's id, read before a preview (a change after it then refuses the apply). */
async function currentRevision(db: TradeDb): Promise<number | null> {
  const revision = await latestRevision(db);
  return revision === undefined ? null : Number(revision.id);
}

/** Answers 503 with Retry-After for a change that waited for another. */
function withRetryAfterOnBusy(reply: { header(name: string, value: string): unknown }) {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await answering(work);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 503) {
        reply.header('retry-after', String(databaseRetryAfterSeconds));
      }
      throw error;
    }
  };
}

/**
 * Registers the catalogue calls under `/api/ops/catalogue/`; the imports in a context of their
 * own that takes CSV text and bodies up to 20 MB.
 */
export async function registerOpsCatalogueRoutes(
  route: Route,
  api: FastifyInstance,
  deps: OpsCatalogueRouteDeps,
): Promise<void> {
  const { db, clock } = deps;
  const guarded = guardedRoute(route, deps);

  guarded(catalogueDevicesEndpoint, pricingOnly, async ({ query }) =>
    findCatalogueDevices(db, query),
  );

  guarded(catalogueDeviceEndpoint, pricingOnly, async ({ params }) => {
    const detail = await catalogueDevice(db, params.deviceId);
    if (detail === undefined) {
      throw new HttpError(404, apiErrorCode.notFound, `There is no device ${params.deviceId}`);
    }
    return detail;
  });

  guarded(devicePriceEndpoint, pricingOnly, async ({ params, body, session, request, reply }) => {
    const result = await withRetryAfterOnBusy(reply)(() =>
      setDevicePrice(
        db,
        {
          deviceId: params.deviceId,
          edition: params.edition,
          basePriceCents: body.basePriceCents,
          recyclingPriceCents: body.recyclingPriceCents,
        },
        {
          origin: originOf(session, request),
          force: body.force,
          ...(body.basedOnRevision === undefined ? {} : { basedOnRevision: body.basedOnRevision }),
        },
      ),
    );
    return summaryOf(result, body.basedOnRevision ?? null);
  });

  guarded(priceAdjustmentEndpoint, pricingOnly, async ({ body, session, request, reply }) => {
    const selector: PriceSelector =
      body.series !== undefined
        ? { kind: 'series', name: body.series }
        : body.manufacturer !== undefined
          ? { kind: 'manufacturer', name: body.manufacturer }
          : { kind: 'category', name: body.category ?? '' };
    const seen = body.dryRun ? await currentRevision(db) : (body.basedOnRevision ?? null);
    const result = await withRetryAfterOnBusy(reply)(() =>
      adjustPrices(
        db,
        { edition: body.edition, selector, percent: body.percent },
        {
          origin: originOf(session, request),
          dryRun: body.dryRun,
          force: body.force,
          ...(body.dryRun || body.basedOnRevision === undefined
            ? {}
            : { basedOnRevision: body.basedOnRevision }),
        },
      ),
    );
    return summaryOf(result, seen);
  });

  guarded(priceListCsvEndpoint, pricingOnly, async ({ query, reply }) => {
    const edition = query.edition;
    async function* text() {
      for await (const line of priceListCsv(db, edition === undefined ? {} : { edition })) {
        yield `${line}\n`;
      }
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="prices${edition === undefined ? '' : `-${edition}`}.csv"`,
      )
      .header('cache-control', 'no-store')
      .send(Readable.from(text()));
  });

  guarded(
    deviceRetirementEndpoint,
    pricingOnly,
    async ({ params, body, session, request, reply }) => {
      const result = await withRetryAfterOnBusy(reply)(() =>
        retireDevice(db, {
          deviceId: params.deviceId,
          origin: originOf(session, request),
          reason: body.reason,
          dryRun: body.dryRun,
          now: clock(),
        }),
      );
      if (result.status === 'unknown') {
        throw new HttpError(404, apiErrorCode.notFound, `There is no device ${params.deviceId}`);
      }
      return result.status === 'retired' ? result : { ...result, revisionId: null };
    },
  );

  guarded(priceFactorsEndpoint, pricingOnly, async ({ query }) => ({
    categories: (
      await answering(() =>
        listPriceFactors(db, query.category === undefined ? {} : { category: query.category }),
      )
    ).map((category) => ({
      categoryKey: category.categoryKey,
      answers: category.answers.map((answer) => ({
        questionCode: answer.questionCode,
        answerCode: answer.answerCode,
        priceFactor: answer.priceFactor,
        meansDefective: answer.meansDefective,
      })),
    })),
  }));

  guarded(priceFactorEndpoint, pricingOnly, async ({ body, session, request, reply }) =>
    withRetryAfterOnBusy(reply)(() =>
      setPriceFactor(
        db,
        {
          category: body.category,
          question: body.question,
          answer: body.answer,
          factor: body.factor,
        },
        { origin: originOf(session, request), dryRun: body.dryRun },
      ),
    ),
  );

  await api.register(async (uploads) => {
    uploads.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: maxCatalogueUploadBytes },
      (_request, body, done) => {
        done(null, body);
      },
    );
    const uploadRoute = createRouter(uploads, {
      prefix: '/api',
      bodyLimit: maxCatalogueUploadBytes,
      validateAnswers: deps.validateAnswers,
    });
    const guardedUpload = guardedRoute(uploadRoute, deps);

    guardedUpload(
      priceImportEndpoint,
      pricingOnly,
      async ({ query, body, session, request, reply }) => {
        const seen = query.dryRun ? await currentRevision(db) : (query.basedOnRevision ?? null);
        const result = await withRetryAfterOnBusy(reply)(() =>
          importPrices(db, body, {
            origin: originOf(session, request),
            dryRun: query.dryRun,
            force: query.force,
            ...(query.dryRun || query.basedOnRevision === undefined
              ? {}
              : { basedOnRevision: query.basedOnRevision }),
          }),
        );
        return summaryOf(result, seen);
      },
    );

    guardedUpload(
      modelImportEndpoint,
      pricingOnly,
      async ({ query, body, session, request, reply }) => {
        const seen = query.dryRun ? await currentRevision(db) : (query.basedOnRevision ?? null);
        const report = await withRetryAfterOnBusy(reply)(() =>
          importCatalogue(db, {
            fileName: importFileName,
            json: JSON.stringify(body),
            origin: originOf(session, request),
            dryRun: query.dryRun,
            now: clock(),
            ...(query.dryRun || query.basedOnRevision === undefined
              ? {}
              : { basedOnRevision: query.basedOnRevision }),
          }),
        );
        return { ...report, basedOnRevision: seen };
      },
    );
  });
}
