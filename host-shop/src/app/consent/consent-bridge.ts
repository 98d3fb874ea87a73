import { denyConsent, grantConsent } from '@tradein/client-core';
import { consentCategories, type ConsentChoice } from './consent-choice.ts';

/** Reads an announced answer; anything else on the event is ignored. */
function choiceOf(event: Event): ConsentChoice | undefined {
  const detail: unknown = (event as CustomEvent<unknown>).detail;
  if (typeof detail !== 'object' || detail === null) return undefined;
  const choice: Record<string, boolean> = {};
  for (const category of consentCategories) {
    const allowed: unknown = (detail as Record<string, unknown>)[category];
    if (typeof allowed !== 'boolean') return undefined;
    choice[category] = allowed;
  }
  return choice as ConsentChoice;
}

/** Options of {@link connectConsent}. */
export interface ConsentBridgeOptions {
  /** The document events of the page's consent script (consent-page-script.ts). */
  readonly eventName: string;
  readonly requestEventName: string;
  /** Called on every answer that allows statistics. */
  readonly onStatisticsAllowed: () => void;
}

/**
 * Passes the page's consent answers (announced by the page's consent script, which runs from the
 * first paint) to the client core's `$consent` once the shop's scripts run: statistics allowed is
 * `granted`, refused is `denied`. Asks for the answer given before it listened. Returns the
 * function that stops listening.
 */
export function connectConsent(options: ConsentBridgeOptions): () => void {
  const listener = (event: Event): void => {
    const choice = choiceOf(event);
    if (choice === undefined) return;
    if (choice.statistics) {
      grantConsent();
      options.onStatisticsAllowed();
    } else {
      denyConsent();
    }
  };
  document.addEventListener(options.eventName, listener);
  document.dispatchEvent(new Event(options.requestEventName));
  return () => document.removeEventListener(options.eventName, listener);
}
