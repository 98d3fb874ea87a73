/**
 * A step of the widget's sell flow, as `<tradein-widget>` announces it (`tradein:navigate`) and
 * takes it back (`flowStep`). The shop keeps it in its history entries; the widget checks what
 * it is handed, so the shop treats it as opaque data.
 */
export type FlowStep = { screen: string } & Record<string, unknown>;

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
export function historyStep(state: unknown): FlowStep | undefined {
  if (typeof state !== 'object' || state === null || !('tradeinStep' in state)) return undefined;
  const step = state.tradeinStep;
  if (typeof step !== 'object' || step === null || !('screen' in step)) return undefined;
  return typeof step.screen === 'string' ? (step as FlowStep) : undefined;
}
