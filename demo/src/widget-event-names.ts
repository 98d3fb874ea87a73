import type { TradeinEventMap } from '../../widget/src/shared/widget-events.ts';

/**
 * Every event `<tradein-widget>` dispatches, in the order a seller meets them: the start pages'
 * event log listens for these. The type below fails the typecheck when the widget gains an
 * event that is missing here; `demo-reference.test.ts` checks the pages' event tables.
 */
export const widgetEventNames = [
  'tradein:ready',
  'tradein:navigate',
  'tradein:offer',
  'tradein:add-to-cart',
  'tradein:trade-created',
] as const satisfies readonly (keyof TradeinEventMap)[];

type Unlisted = Exclude<keyof TradeinEventMap, (typeof widgetEventNames)[number]>;
// Compiles only while no event of the map is left out.
const everyEventListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyEventListed;
