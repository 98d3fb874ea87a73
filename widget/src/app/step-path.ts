import { sellFlowPath } from '@tradein/editions/client';
import type { EditionCode } from '@tradein/editions/client';
import type { FlowStep } from '../shared/flow.ts';

/**
 * The sell-category page of a browse level, named by its aggregation url (docs/search.md): the
 * series', `<category>-<manufacturer>` for a manufacturer's series, the category's; home above.
 */
function browsePath(edition: EditionCode, step: Extract<FlowStep, { screen: 'browse' }>): string {
  const { categoryUrl, manufacturerUrl, seriesUrl } = step;
  if (categoryUrl === undefined) return sellFlowPath(edition, 'home');
  let url = categoryUrl;
  if (seriesUrl !== undefined) url = seriesUrl;
  else if (manufacturerUrl !== undefined) url = `${categoryUrl}-${manufacturerUrl}`;
  return sellFlowPath(edition, 'sellCategory', url);
}

/**
 * The shop page a step of the flow corresponds to in an edition (§2), for a host that routes:
 * the device's product page for its questions and offer, the sell page of the browse level, the
 * checkout for the cart and checkout, the thank-you page, else the home page.
 */
export function stepPath(edition: EditionCode, step: FlowStep): string {
  switch (step.screen) {
    case 'questions':
    case 'offer':
      return sellFlowPath(edition, 'productDetail', step.deviceUrl);
    case 'browse':
      return browsePath(edition, step);
    case 'cart':
    case 'checkout':
      return sellFlowPath(edition, 'checkout');
    case 'thank-you':
      return sellFlowPath(edition, 'thankYou');
    default:
      return sellFlowPath(edition, 'home');
  }
}
