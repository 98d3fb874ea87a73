import { formatMoney, type EditionCode } from '@tradein/editions';
import type { TradeDb } from '../db/create-database.ts';
import {
  movesTooFar,
  PriceChangeRefusedError,
  runPriceChange,
  type PriceChangeOptions,
  type PriceChangeResult,
  type PriceProblem,
} from './price-change.ts';
import { readStoredPrices, storedPrice } from './price-writes.ts';

/*
 * One device's prices in one edition, set from the back office's device page by the rules of the
 * CSV import (price-import.ts): whole non-negative cents, the recycling price at most the base
 * price, a move of more than half the current price only with `force`. It is a revision of its
 * own with one `price.changed` audit event naming the device.
 */

/** The new prices of one device in one edition. */
export interface DevicePriceSetting {
  deviceId: number;
  edition: EditionCode;
  basePriceCents: number;
  recyclingPriceCents: number;
}

/** The guard's words for a price that moves more than half. */
function tooFar(field: string, edition: EditionCode, oldCents: number, newCents: number) {
  return {
    field,
    message: `moves from ${formatMoney(edition, oldCents)} to ${formatMoney(edition, newCents)}, more than 50 % of the current price; set force if intended`,
  } satisfies PriceProblem;
}

/** Sets one device's prices in one edition; equal prices change nothing and write nothing. */
export async function setDevicePrice(
  db: TradeDb,
  setting: DevicePriceSetting,
  options: PriceChangeOptions,
): Promise<PriceChangeResult> {
  const { deviceId, edition, basePriceCents, recyclingPriceCents } = setting;
  if (
    !Number.isSafeInteger(basePriceCents) ||
    !Number.isSafeInteger(recyclingPriceCents) ||
    basePriceCents < 0 ||
    recyclingPriceCents < 0
  ) {
    throw new PriceChangeRefusedError([
      { field: 'basePriceCents', message: 'must be whole numbers of cents, at least 0' },
    ]);
  }
  if (recyclingPriceCents > basePriceCents) {
    throw new PriceChangeRefusedError([
      { field: 'recyclingPriceCents', message: 'must not be above the base price' },
    ]);
  }
  return runPriceChange(
    db,
    options,
    () => `price of device ${deviceId} in ${edition}`,
    async (trx) => {
      const device = await trx
        .selectFrom('devices')
        .select(['id'])
        .where('id', '=', deviceId)
        .executeTakeFirst();
      if (device === undefined) {
        throw new PriceChangeRefusedError([
          { field: 'deviceId', message: `no device ${deviceId}` },
        ]);
      }
      const stored = await readStoredPrices(trx, { edition, deviceIds: [deviceId] });
      const current = storedPrice(stored, deviceId, edition);
      if (
        current?.basePriceCents === basePriceCents &&
        current.recyclingPriceCents === recyclingPriceCents
      ) {
        return [];
      }
      if (options.force !== true && current !== undefined) {
        const problems: PriceProblem[] = [];
        if (movesTooFar(current.basePriceCents, basePriceCents)) {
          problems.push(tooFar('basePriceCents', edition, current.basePriceCents, basePriceCents));
        }
        if (movesTooFar(current.recyclingPriceCents, recyclingPriceCents)) {
          problems.push(
            tooFar(
              'recyclingPriceCents',
              edition,
              current.recyclingPriceCents,
              recyclingPriceCents,
            ),
          );
        }
        if (problems.length > 0) throw new PriceChangeRefusedError(problems);
      }
      return [
        {
          deviceId,
          edition,
          oldBasePriceCents: current?.basePriceCents ?? null,
          newBasePriceCents: basePriceCents,
          oldRecyclingPriceCents: current?.recyclingPriceCents ?? null,
          newRecyclingPriceCents: recyclingPriceCents,
        },
      ];
    },
    (result) =>
      result.changes.map((change) => ({
        action: 'price.changed',
        subjectType: 'device',
        subjectId: String(change.deviceId),
        before:
          change.oldBasePriceCents === null
            ? null
            : {
                edition: change.edition,
                basePriceCents: change.oldBasePriceCents,
                recyclingPriceCents: change.oldRecyclingPriceCents,
              },
        after: {
          edition: change.edition,
          basePriceCents: change.newBasePriceCents,
          recyclingPriceCents: change.newRecyclingPriceCents,
          revisionId: result.revisionId,
        },
      })),
  );
}
