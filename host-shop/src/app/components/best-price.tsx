import { Trans } from '@lingui/react/macro';

/**
 * "up to 410 €": the most a device gets before any question is answered (its best price in
 * the API's current price list), formatted for the edition by the page's loader.
 */
export function BestPrice({ price }: { price: string }) {
  return <Trans>up to {price}</Trans>;
}
