// @vitest-environment happy-dom
import { $consent } from '@tradein/client-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectConsent } from './consent-bridge.ts';

const eventName = 'tradein:consent';
const requestEventName = 'tradein:consent-request';

const announce = (detail: unknown) =>
  document.dispatchEvent(new CustomEvent(eventName, { detail }));

let stop: (() => void) | undefined;
beforeEach(() => $consent.set('unknown'));
afterEach(() => stop?.());

describe("the page's answer in the client core", () => {
  it('asks for the answer given before it listened', () => {
    const asked = vi.fn<(event: Event) => void>();
    document.addEventListener(requestEventName, asked);
    stop = connectConsent({
      eventName,
      requestEventName,
      onStatisticsAllowed: vi.fn<() => void>(),
    });
    expect(asked).toHaveBeenCalledTimes(1);
    document.removeEventListener(requestEventName, asked);
  });

  it('is granted when statistics are allowed, and starts tracking each time', () => {
    const onStatisticsAllowed = vi.fn<() => void>();
    stop = connectConsent({ eventName, requestEventName, onStatisticsAllowed });
    announce({ statistics: true, personalization: false });
    expect($consent.get()).toBe('granted');
    expect(onStatisticsAllowed).toHaveBeenCalledTimes(1);
  });

  it('is denied when statistics are refused, whatever personalization says', () => {
    const onStatisticsAllowed = vi.fn<() => void>();
    stop = connectConsent({ eventName, requestEventName, onStatisticsAllowed });
    announce({ statistics: true, personalization: true });
    announce({ statistics: false, personalization: true });
    expect($consent.get()).toBe('denied');
    expect(onStatisticsAllowed).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no detail', undefined],
    ['text', 'granted'],
    ['a missing purpose', { statistics: true }],
    ['a purpose that is not true or false', { statistics: 'yes', personalization: false }],
  ])('ignores an announcement with %s', (_what, detail) => {
    const onStatisticsAllowed = vi.fn<() => void>();
    stop = connectConsent({ eventName, requestEventName, onStatisticsAllowed });
    announce(detail);
    expect($consent.get()).toBe('unknown');
    expect(onStatisticsAllowed).not.toHaveBeenCalled();
  });

  it('stops listening', () => {
    connectConsent({ eventName, requestEventName, onStatisticsAllowed: vi.fn<() => void>() })();
    announce({ statistics: true, personalization: true });
    expect($consent.get()).toBe('unknown');
  });
});
