import { describe, expect, it } from 'vitest';
import { createFlow, type FlowOrigin, type FlowStep } from './flow.ts';
import { flowStepSchema } from './flow-step-schema.ts';

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

  it('shows a step the host asks for as the only one, telling listeners the host moved it', () => {
    const flow = createFlow({ screen: 'questions', deviceUrl: 'apple-iphone-13' });
    const seen: [FlowStep['screen'], FlowOrigin][] = [];
    flow.onChange((step, origin) => seen.push([step.screen, origin]));
    flow.go({ screen: 'cart' });
    flow.show({ screen: 'offer', offerId: 'o-1', deviceUrl: 'apple-iphone-13' });
    expect(flow.$step.get().screen).toBe('offer');
    expect(flow.$canGoBack.get()).toBe(false);
    expect(seen).toEqual([
      ['cart', 'seller'],
      ['offer', 'host'],
    ]);
  });
});

describe('a flow of questions', () => {
  it('names the step back returns to, and whether the seller has moved at all', () => {
    const first = { screen: 'questions', deviceUrl: 'apple-iphone-13' } as const;
    const flow = createFlow(first);
    expect(flow.previous()).toBeUndefined();
    expect(flow.moved()).toBe(false);
    const second = { ...first, answers: [{ questionId: 1, answerId: 11 }], question: 1 };
    flow.go(second);
    expect(flow.previous()).toEqual(first);
    expect(flow.moved()).toBe(true);
    flow.back();
    expect(flow.previous()).toBeUndefined();
  });
});

describe('flowStepSchema', () => {
  it.each<FlowStep>([
    { screen: 'search' },
    { screen: 'browse', categoryUrl: 'smartphones', manufacturerUrl: 'apple' },
    { screen: 'questions', deviceUrl: 'apple-iphone-13-128-gb' },
    {
      screen: 'questions',
      deviceUrl: 'apple-iphone-13-256-gb',
      answers: [{ questionId: 1, answerId: 11 }],
      question: 1,
      replacesOfferId: 'b5c7e3a0-1f2d',
    },
    {
      screen: 'offer',
      offerId: 'b5c7e3a0-1f2d',
      deviceUrl: 'apple-iphone-13',
      deviceName: 'iPhone 13',
    },
    { screen: 'cart' },
    { screen: 'checkout' },
    {
      screen: 'thank-you',
      tradeNumber: 'T-2026-000041',
      newAccount: { email: 'anna@example.org', created: true },
    },
  ])('takes back every step the element announces: $screen', (step) => {
    expect(flowStepSchema.safeParse(step)).toEqual({ success: true, data: step });
  });

  it.each([
    ['an unknown screen', { screen: 'admin' }],
    ['a missing field', { screen: 'questions' }],
    ['a field of its own', { screen: 'cart', offerId: 'x' }],
    ['markup in a url', { screen: 'questions', deviceUrl: '<img src=x>' }],
    ['a trade number of another shape', { screen: 'thank-you', tradeNumber: '41' }],
    ['no object at all', 'cart'],
    ['a question index of text', { screen: 'questions', deviceUrl: 'x1', question: '2' }],
    ['answers without ids', { screen: 'questions', deviceUrl: 'x1', answers: [{}] }],
  ])('refuses %s', (_case, value) => {
    expect(flowStepSchema.safeParse(value).success).toBe(false);
  });
});
