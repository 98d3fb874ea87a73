import type { ApiClient } from '@tradein/client-core';
import {
  buildSearchRequest,
  modelBestPriceCents,
  searchEndpoint,
  type DeviceSummary,
} from '@tradein/contract';
import { formatMoney, getClientEdition, type EditionCode } from '@tradein/editions/client';

/** How many devices one search shows. */
const resultSize = 8;

/**
 * One device search of an edition's index. Kept out of the search screen's module: the request
 * and answer schemas are fetched while the seller starts typing, not before the box shows.
 */
export async function searchDevices(
  api: ApiClient,
  edition: EditionCode,
  text: string,
  signal: AbortSignal,
): Promise<readonly DeviceSummary[]> {
  const application = getClientEdition(edition).search.devicesIndex;
  const body = buildSearchRequest({ kind: 'deviceSearch', text }, application, resultSize);
  const answer = await api.call(searchEndpoint, { body, signal });
  return answer.kind === 'deviceSearch' ? answer.hits : [];
}

/**
 * The most a found model can get, as money of the edition ("410,00 €"): its highest variant's
 * best price. Here rather than in the screen, so the money formatter comes with the search call
 * and the first screen does not carry it.
 */
export function bestPriceText(edition: EditionCode, hit: DeviceSummary): string {
  return formatMoney(edition, modelBestPriceCents(hit), 'short');
}
