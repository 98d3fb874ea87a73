import { atom } from 'nanostores';
import type { WritableAtom } from 'nanostores';
import { consentCheckDelayMs } from '@tradein/editions/client';

/** The visitor's answer to the tracking consent question; `unknown` until they answer. */
export type ConsentState = 'unknown' | 'granted' | 'denied';

/** Tracking consent of this page. Nothing is sent to the tracking backend unless it is `granted`. */
export const $consent = /* @__PURE__ */ atom<ConsentState>('unknown');

/** Records that the visitor allowed tracking; queued tracking events are sent now. */
export function grantConsent(): void {
  $consent.set('granted');
}

/** Records that the visitor refused tracking; queued tracking events are dropped. */
export function denyConsent(): void {
  $consent.set('denied');
}

/** Puts consent back to `unknown` (a new visitor session, or between tests). */
export function resetConsent(): void {
  $consent.set('unknown');
}

/** Options of {@link scheduleConsentCheck}. */
export interface ConsentCheckOptions {
  /** Reads the consent manager: true granted, false denied, undefined not answered yet. */
  readonly read: () => boolean | undefined;
  /** Delay before the check; defaults to one second (§9), the time a consent manager needs to load. */
  readonly delayMs?: number;
  /** Target store; defaults to {@link $consent}. */
  readonly consent?: WritableAtom<ConsentState>;
}

/**
 * Reads the page's consent manager once after `delayMs` and records its answer, so tracking
 * waits for the consent banner instead of racing it. Returns a function that cancels the check.
 */
export function scheduleConsentCheck(options: ConsentCheckOptions): () => void {
  const store = options.consent ?? $consent;
  const handle = setTimeout(() => {
    let answer: boolean | undefined;
    try {
      answer = options.read();
    } catch (error) {
      // A broken consent manager must not break the page; the visitor simply stays `unknown`.
      console.error('error reading tracking consent', error);
      return;
    }
    if (answer === true) store.set('granted');
    else if (answer === false) store.set('denied');
  }, options.delayMs ?? consentCheckDelayMs);
  return () => clearTimeout(handle);
}
