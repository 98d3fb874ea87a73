import type { EditionCode } from '@tradein/editions';
import type { Kysely } from 'kysely';
import type { TradeDb } from '../db/create-database.ts';
import type { TradeDatabase } from '../db/schema.ts';
import { closestNames, normalName } from './closest-names.ts';
import {
  countWords,
  PriceChangeRefusedError,
  revisionAudit,
  runPriceChange,
  type PriceChange,
  type PriceChangeOptions,
  type PriceChangeResult,
} from './price-change.ts';
import { editionIndex, readStoredPrices } from './price-writes.ts';

/** Which devices an adjustment moves: a series or manufacturer by name, a category by key or name. */
export interface PriceSelector {
  kind: 'series' | 'manufacturer' | 'category';
  /** As the edition names it, case-insensitive; a series also as manufacturer + series. */
  name: string;
}

/** An adjustment of base prices by a percentage. */
export interface PriceAdjustment {
  edition: EditionCode;
  selector: PriceSelector;
  /** A decimal with at most four places, e.g. `-5`, `2.5`; above -100 and below 1000. */
  percent: string;
}

/** One percent in the units the percentage is computed in (ten-thousandths of a percent). */
const unitsPerPercent = 10_000;
/** 100 % in those units: the multiplier's denominator. */
const wholeUnits = 100 * unitsPerPercent;

/** A percentage as ten-thousandths of a percent, or a refusal naming the rule. */
export function percentUnits(percent: string): number {
  const match = /^([+-]?)([0-9]{1,4})(?:\.([0-9]{1,4}))?$/.exec(percent.trim());
  const units =
    match === null
      ? Number.NaN
      : (match[1] === '-' ? -1 : 1) *
        (Number(match[2]) * unitsPerPercent + Number((match[3] ?? '').padEnd(4, '0')));
  if (!Number.isFinite(units) || units <= -wholeUnits || units >= 10 * wholeUnits) {
    throw new PriceChangeRefusedError([
      {
        field: 'percent',
        message: `must be a decimal with at most four places above -100 and below 1000, not "${percent}"`,
      },
    ]);
  }
  return units;
}

/** base × (1 + p/100), rounded half up to whole cents, in integers. */
export function adjustedCents(baseCents: number, units: number): number {
  const numerator = BigInt(baseCents) * BigInt(wholeUnits + units) * 2n + BigInt(wholeUnits);
  return Number(numerator / (2n * BigInt(wholeUnits)));
}

/** The devices a selector names in an edition, or a refusal naming the closest names. */
async function selectedDevices(
  trx: Kysely<TradeDatabase>,
  edition: EditionCode,
  selector: PriceSelector,
): Promise<number[]> {
  const wanted = normalName(selector.name);
  const refuse = (known: readonly string[], what: string): never => {
    const closest = closestNames(selector.name, known);
    throw new PriceChangeRefusedError([
      {
        field: selector.kind,
        message: `no ${what} "${selector.name}" in ${edition}${closest.length === 0 ? '' : `; closest: ${closest.join(', ')}`}`,
      },
    ]);
  };
  switch (selector.kind) {
    case 'series': {
      const series = await trx
        .selectFrom('series_pages')
        .innerJoin('series', 'series.id', 'series_pages.series_id')
        .innerJoin('manufacturer_pages', (join) =>
          join
            .onRef('manufacturer_pages.manufacturer_id', '=', 'series.manufacturer_id')
            .onRef('manufacturer_pages.edition', '=', 'series_pages.edition'),
        )
        .select(['series.id', 'series_pages.name', 'manufacturer_pages.name as manufacturer'])
        .where('series_pages.edition', '=', edition)
        .execute();
      const ids = series
        .filter(
          (entry) =>
            normalName(entry.name) === wanted ||
            normalName(`${entry.manufacturer} ${entry.name}`) === wanted,
        )
        .map((entry) => entry.id);
      if (ids.length === 0) {
        refuse(
          series.flatMap((entry) => [entry.name, `${entry.manufacturer} ${entry.name}`]),
          'series',
        );
      }
      const devices = await trx
        .selectFrom('devices')
        .select('id')
        .where('series_id', 'in', ids)
        .execute();
      return devices.map((device) => device.id);
    }
    case 'manufacturer': {
      const manufacturers = await trx
        .selectFrom('manufacturer_pages')
        .innerJoin('manufacturers', 'manufacturers.id', 'manufacturer_pages.manufacturer_id')
        .select(['manufacturers.id', 'manufacturers.key', 'manufacturer_pages.name'])
        .where('manufacturer_pages.edition', '=', edition)
        .execute();
      const found = manufacturers.find(
        (entry) => normalName(entry.name) === wanted || entry.key === wanted,
      );
      if (found === undefined) {
        return refuse(
          manufacturers.map((entry) => entry.name),
          'manufacturer',
        );
      }
      const devices = await trx
        .selectFrom('devices')
        .select('id')
        .where('manufacturer_id', '=', found.id)
        .execute();
      return devices.map((device) => device.id);
    }
    case 'category': {
      const categories = await trx
        .selectFrom('category_pages')
        .innerJoin('categories', 'categories.id', 'category_pages.category_id')
        .select(['categories.id', 'categories.key', 'category_pages.name'])
        .where('category_pages.edition', '=', edition)
        .orderBy('categories.position')
        .execute();
      const found = categories.find(
        (entry) => entry.key === wanted || normalName(entry.name) === wanted,
      );
      if (found === undefined) {
        throw new PriceChangeRefusedError([
          {
            field: 'category',
            message: `no category "${selector.name}"; the categories are ${categories.map((entry) => `${entry.key} (${entry.name})`).join(', ')}`,
          },
        ]);
      }
      const devices = await trx
        .selectFrom('devices')
        .select('id')
        .where('category_id', '=', found.id)
        .execute();
      return devices.map((device) => device.id);
    }
  }
}

/**
 * Moves the base prices of a series', manufacturer's or category's devices in one edition by a
 * percentage: new base = round(base × (1 + p/100)) in whole cents. The recycling price stays,
 * but is lowered to the new base where it would be above it. A move of more than 50 % needs
 * `force`.
 */
export async function adjustPrices(
  db: TradeDb,
  adjustment: PriceAdjustment,
  options: PriceChangeOptions,
): Promise<PriceChangeResult> {
  const units = percentUnits(adjustment.percent);
  if (options.force !== true && Math.abs(units) > 50 * unitsPerPercent) {
    throw new PriceChangeRefusedError([
      {
        field: 'percent',
        message: `${adjustment.percent} % moves prices by more than 50 %; use --force if intended`,
      },
    ]);
  }
  const { edition, selector } = adjustment;
  return runPriceChange(
    db,
    options,
    (changes) =>
      `prices adjust ${edition} ${selector.kind} "${selector.name}" ${adjustment.percent} %: ${countWords(changes.length, changes.length)}`,
    async (trx) => {
      const deviceIds = await selectedDevices(trx, edition, selector);
      const stored = await readStoredPrices(trx, { edition, deviceIds });
      const changes: PriceChange[] = [];
      for (const deviceId of deviceIds.toSorted((left, right) => left - right)) {
        const current = stored.get(deviceId)?.[editionIndex(edition)];
        if (current === undefined) continue;
        const newBase = adjustedCents(current.basePriceCents, units);
        const newRecycling = Math.min(current.recyclingPriceCents, newBase);
        if (newBase === current.basePriceCents && newRecycling === current.recyclingPriceCents) {
          continue;
        }
        changes.push({
          deviceId,
          edition,
          oldBasePriceCents: current.basePriceCents,
          newBasePriceCents: newBase,
          oldRecyclingPriceCents: current.recyclingPriceCents,
          newRecyclingPriceCents: newRecycling,
        });
      }
      return changes;
    },
    revisionAudit('prices.adjusted', { edition, selector, percent: adjustment.percent }),
  );
}
