import { describe, expect, it } from 'vitest';
import { createFlow, type FlowStep } from './flow.ts';

describe('createFlow', () => {
  it('starts on the search and goes forward and back', () => {
    const flow = createFlow();
    expect(flow.$step.get()).toEqual({ screen: 'search' });
    expect(flow.$canGoBack.get()).toBe(false);
    flow.go({ screen: 'questions', deviceUrl: 'apple-iphone-13-128-gb' });
    expect(flow.$step.get()).toEqual({ screen: 'questions', deviceUrl: 'apple-iphone-13-128-gb' });
    expect(flow.$canGoBack.get()).toBe(true);
    flow.back();
    expect(flow.$step.get()).toEqual({ screen: 'search' });
    flow.back();
    expect(flow.$step.get()).toEqual({ screen: 'search' });
  });

  it('forgets the way back on replace', () => {
    const flow = createFlow();
    flow.go({ screen: 'cart' });
    flow.go({ screen: 'checkout' });
    flow.replace({ screen: 'thank-you', tradeNumber: 'T-2026-000001' });
    expect(flow.$canGoBack.get()).toBe(false);
  });

  it('tells listeners about every change, and two flows are independent', () => {
    const first = createFlow();
    const second = createFlow({ screen: 'cart' });
    const seen: FlowStep[] = [];
    const stop = first.onChange((step) => seen.push(step));
    first.go({ screen: 'browse' });
    second.go({ screen: 'checkout' });
    first.back();
    stop();
    first.go({ screen: 'cart' });
    expect(seen).toEqual([{ screen: 'browse' }, { screen: 'search' }]);
    expect(second.$step.get()).toEqual({ screen: 'checkout' });
  });
});
