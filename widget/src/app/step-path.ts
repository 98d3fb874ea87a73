import { sellFlowPath } from '@tradein/editions/client';
import type { EditionCode } from '@tradein/editions/client';
import type { FlowStep } from '../shared/flow.ts';

/**
 * The shop page a step of the flow corresponds to in an edition (§2), for a host that routes:
 * the device's product page for its questions and offer, the category's sell page while
 * browsing, the checkout for the cart and checkout, the thank-you page, else the home page.
 */
export function stepPath(edition: EditionCode, step: FlowStep): string {
  switch (step.screen) {
    case 'questions':
    case 'offer':
      return sellFlowPath(edition, 'productDetail', step.deviceUrl);
    case 'browse':
      return step.categoryUrl === undefined
        ? sellFlowPath(edition, 'home')
        : sellFlowPath(edition, 'sellCategory', step.categoryUrl);
    case 'cart':
    case 'checkout':
      return sellFlowPath(edition, 'checkout');
    case 'thank-you':
      return sellFlowPath(edition, 'thankYou');
    default:
      return sellFlowPath(edition, 'home');
  }
}
