import type { TradeinNavigateDetail } from '@tradein/widget/events';

/** A step of the widget's sell flow, as `<tradein-widget>` announces it (`tradein:navigate`). */
type FlowStep = TradeinNavigateDetail['step'];

/**
 * A step read back from where the shop kept it (a history entry, or the page before the shop's
 * scripts ran): data with a screen name. The shop hands it back to the widget (`flowStep`) as it
 * is and the widget checks it, so the shop reads no more of it than the screen.
 */
export type KeptStep = { screen: string } & Record<string, unknown>;

/** A `tradein:navigate` detail, or one read back from where the shop kept it (step unchecked). */
export type KeptNavigation = Omit<TradeinNavigateDetail, 'step'> & { step: KeptStep };

/** What a sell-flow page tells its layout about the widget. */
export interface SellFlowWidget {
  /** Attributes of the element as the server renders it (the step a visit starts at). */
  attributes: { category?: string; device?: string; step?: 'search' | 'cart' | 'checkout' };
  /**
   * The step the page stands for when its history entry holds none (a link followed, a path
   * typed): null when the page has no step of its own (the thank-you page without a trade).
   */
  start: FlowStep | null;
}

/** The step a history entry holds, if the widget put one there. */
export function historyStep(state: unknown): KeptStep | undefined {
  if (typeof state !== 'object' || state === null || !('tradeinStep' in state)) return undefined;
  const step = state.tradeinStep;
  if (typeof step !== 'object' || step === null || !('screen' in step)) return undefined;
  return typeof step.screen === 'string' ? (step as KeptStep) : undefined;
}
