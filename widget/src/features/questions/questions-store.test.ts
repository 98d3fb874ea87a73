import { $checkout, createApiClient, resetCheckout } from '@tradein/client-core';
import type { Tracker } from '@tradein/client-core';
import type { Device } from '@tradein/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerDescriptions,
  completeAnswers,
  createQuestionsStore,
  questionIndexOf,
  type QuestionsStore,
  type QuestionsStoreOptions,
} from './questions-store.ts';

const device: Device = {
  id: 42,
  name: 'iPhone 13 Pro 128 GB',
  model: 'iPhone 13 Pro',
  variant: '128 GB',
  variants: [
    { id: 42, url: 'apple-iphone-13-pro-128-gb', variant: '128 GB', bestPriceCents: 41_000 },
  ],
  url: 'apple-iphone-13-pro-128-gb',
  bestPriceCents: 41_000,
  category: 'Smartphones',
  categoryId: 1,
  manufacturer: 'Apple',
  manufacturerId: 2,
  series: 'iPhone 13',
  seriesId: 3,
  image: null,
  thumbnail: '/images/iphone-13-pro.png',
  questions: [
    {
      id: 101,
      code: 'GRADE',
      question: 'What condition is the device in?',
      description:
        'Like new: no visible signs of use. Good: light scratches. Used: clear scratches.',
      answers: [
        { id: 1011, code: 'GRADE_LIKE_NEW', text: 'Like new' },
        { id: 1012, code: 'GRADE_GOOD', text: 'Good' },
        { id: 1013, code: 'GRADE_USED', text: 'Used' },
      ],
    },
    {
      id: 102,
      code: 'POWERS_ON',
      question: 'Does it switch on?',
      description: '',
      answers: [
        { id: 1021, code: 'YES', text: 'Yes' },
        { id: 1022, code: 'NO', text: 'No' },
      ],
    },
  ],
};

const offer = {
  offerId: '6f1c7a52-2b7e-4c1e-9a55-0d6c2f0b8e11',
  deviceId: 42,
  edition: 'de',
  priceCents: 41_400,
  currency: 'EUR',
  validUntil: '2026-06-15T10:00:00.000Z',
  answers: [],
  recycling: false,
};

function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

interface Sent {
  path: string;
  body: unknown;
}

/** A trade API stub behind the real client: answers by path and records every request. */
function stubApi(options: { deviceFound?: boolean; previewFails?: boolean } = {}) {
  const sent: Sent[] = [];
  const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
    const path = new URL(String(input)).pathname;
    const body: unknown = init?.body === undefined ? undefined : JSON.parse(String(init.body));
    sent.push({ path, body });
    if (path === '/api/trade/searches') {
      const hits = options.deviceFound === false ? [] : [device];
      return json({ kind: 'deviceByUrl', total: hits.length, hits });
    }
    if (path === '/api/trade/offers/preview') {
      if (options.previewFails) {
        return json({ error: { code: 'bad_request', message: 'no', fields: [] } }, 400);
      }
      return json({
        deviceId: 42,
        edition: 'de',
        priceCents: 41_400,
        currency: 'EUR',
        recycling: false,
      });
    }
    if (path === '/api/trade/offers') return json(offer, 201);
    return json({ error: { code: 'not_found', message: path, fields: [] } }, 404);
  });
  const api = createApiClient({
    baseUrl: 'https://api.example',
    environment: 'production',
    fetch: fetchStub,
  });
  return { api, sent };
}

function storeWith(
  stub: ReturnType<typeof stubApi>,
  track = vi.fn<Tracker['track']>(),
  more: Pick<QuestionsStoreOptions, 'position' | 'remembered'> = {},
) {
  return createQuestionsStore({
    api: stub.api,
    edition: 'de',
    shopMode: 'default',
    partner: 'musterhandel',
    deviceUrl: device.url,
    tracker: { track },
    ...more,
  });
}

/** Moves the store to the next question as the screen does: by the step of the next question. */
function next(store: QuestionsStore) {
  const index = store.nextIndex();
  if (index !== undefined) store.show({ answers: store.answerList(), question: index });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  resetCheckout();
});

describe('createQuestionsStore', () => {
  it('loads the device by url from the edition’s devices index', async () => {
    const stub = stubApi();
    const store = storeWith(stub);
    expect(store.$load.get()).toEqual({ status: 'loading' });
    await store.load();
    expect(store.$load.get()).toEqual({ status: 'ready', device });
    const request = stub.sent[0];
    expect(request?.path).toBe('/api/trade/searches');
    expect(request?.body).toMatchObject({ application: 'devices_de', resultSize: 1 });
  });

  it('reports a device that does not exist', async () => {
    const store = storeWith(stubApi({ deviceFound: false }));
    await store.load();
    expect(store.$load.get()).toEqual({ status: 'not-found' });
  });

  it('shows the step indicator and keeps the answers when going back', async () => {
    const store = storeWith(stubApi());
    await store.load();
    expect(store.$progress.get()).toEqual({ current: 1, total: 2 });
    expect(store.nextIndex()).toBeUndefined(); // not answered yet
    store.choose(101, 1012);
    expect(store.nextIndex()).toBe(1);
    store.show({ answers: store.answerList(), question: 1 });
    expect(store.$progress.get()).toEqual({ current: 2, total: 2 });
    expect(store.$question.get()?.id).toBe(102);
    store.choose(102, 1021);
    expect(store.nextIndex()).toBeUndefined(); // the last question leads to the offer
    // Back to the first question's step, which was taken before the second was answered.
    store.show({});
    expect(store.$progress.get()).toEqual({ current: 1, total: 2 });
    expect(store.$answers.get()).toEqual({ 101: 1012, 102: 1021 });
    expect(store.answerList()).toEqual([
      { questionId: 101, answerId: 1012 },
      { questionId: 102, answerId: 1021 },
    ]);
  });

  it('opens at the step’s question with its answers, once the device is loaded', async () => {
    const store = storeWith(stubApi(), undefined, {
      position: { answers: [{ questionId: 101, answerId: 1013 }], question: 1 },
    });
    await store.load();
    expect(store.$question.get()?.id).toBe(102);
    expect(store.$answers.get()).toEqual({ 101: 1013 });
    // Without a question, the first one the step's answers leave open.
    store.show({ answers: [{ questionId: 101, answerId: 1011 }] });
    expect(store.$index.get()).toBe(1);
    expect(store.$answers.get()).toEqual({ 101: 1011 });
  });

  it('takes remembered answers only for a step that carries answers', async () => {
    const remembered = { 101: 1012, 102: 1022 };
    const fromOffer = storeWith(stubApi(), undefined, {
      position: { answers: [{ questionId: 101, answerId: 1012 }], question: 1 },
      remembered,
    });
    await fromOffer.load();
    expect(fromOffer.$answers.get()).toEqual(remembered);
    await vi.waitFor(() => expect(fromOffer.$preview.get().status).toBe('ready'));

    const fromSearch = storeWith(stubApi(), undefined, { position: {}, remembered });
    await fromSearch.load();
    expect(fromSearch.$answers.get()).toEqual({});
    expect(fromSearch.$index.get()).toBe(0);
  });

  it('drops answers of other questions and never shows a question after an open one', async () => {
    const store = storeWith(stubApi(), undefined, {
      position: {
        answers: [
          { questionId: 999, answerId: 1 },
          { questionId: 102, answerId: 1011 },
        ],
        question: 1,
      },
    });
    await store.load();
    expect(store.$answers.get()).toEqual({});
    expect(store.$index.get()).toBe(0);
    expect(questionIndexOf(device, { 101: 1011, 102: 1021 }, { question: 7 })).toBe(1);
    expect(questionIndexOf(device, {}, { question: -3 })).toBe(0);
  });

  it('refuses an answer of another question', async () => {
    const store = storeWith(stubApi());
    await store.load();
    expect(() => store.choose(102, 1021)).toThrow(/does not belong to the question on view/);
  });

  it('asks the server for the price once every question is answered, and after each change', async () => {
    const stub = stubApi();
    const store = storeWith(stub);
    await store.load();
    const previews = () => stub.sent.filter((request) => request.path.endsWith('/preview'));

    store.choose(101, 1011);
    await settle();
    // The server prices only a complete set of answers: no request, no guessed price.
    expect(previews()).toHaveLength(0);
    expect(store.$preview.get()).toEqual({ status: 'incomplete' });

    next(store);
    store.choose(102, 1021);
    expect(store.$preview.get()).toEqual({ status: 'loading' });
    await vi.waitFor(() => expect(store.$preview.get().status).toBe('ready'));
    expect(previews().map((request) => request.body)).toEqual([
      {
        edition: 'de',
        deviceId: 42,
        answers: [
          { questionId: 101, answerId: 1011 },
          { questionId: 102, answerId: 1021 },
        ],
        shopMode: 'default',
        partner: 'musterhandel',
      },
    ]);

    store.show({ question: 0 });
    store.choose(101, 1013);
    await vi.waitFor(() => expect(previews()).toHaveLength(2));
    expect(previews()[1]?.body).toMatchObject({
      answers: [
        { questionId: 101, answerId: 1013 },
        { questionId: 102, answerId: 1021 },
      ],
    });
  });

  it('shows a failed preview as an error that can be retried', async () => {
    const store = storeWith(stubApi({ previewFails: true }));
    await store.load();
    store.choose(101, 1011);
    next(store);
    store.choose(102, 1022);
    await vi.waitFor(() => expect(store.$preview.get()).toEqual({ status: 'error' }));
  });

  it('creates the offer with every answer, marks the price calculated and tracks it', async () => {
    const stub = stubApi();
    const track = vi.fn<Tracker['track']>();
    const store = storeWith(stub, track);
    await store.load();
    expect(await store.createOffer()).toBeUndefined(); // not all answered
    store.choose(101, 1012);
    next(store);
    store.choose(102, 1021);
    const created = await store.createOffer();
    expect(created?.offerId).toBe(offer.offerId);
    const request = stub.sent.find((entry) => entry.path === '/api/trade/offers');
    expect(request?.body).toEqual({
      edition: 'de',
      deviceId: 42,
      answers: [
        { questionId: 101, answerId: 1012 },
        { questionId: 102, answerId: 1021 },
      ],
      shopMode: 'default',
      partner: 'musterhandel',
    });
    expect($checkout.get().priceCalculateDone).toBe(true);
    expect(track).toHaveBeenCalledWith('offer_generated', {
      deviceId: 42,
      offerId: offer.offerId,
      revenue: 41_400,
      currency: 'EUR',
      productName: device.name,
    });
  });
});

describe('completeAnswers', () => {
  it('lists the answers in question order, or nothing while one is missing', () => {
    expect(completeAnswers(device, { 102: 1021 })).toBeUndefined();
    expect(completeAnswers(device, { 102: 1021, 101: 1011 })).toEqual([
      { questionId: 101, answerId: 1011 },
      { questionId: 102, answerId: 1021 },
    ]);
  });
});

describe('answerDescriptions', () => {
  it.each([
    [
      'the grade sentences of each answer',
      device.questions[0],
      [
        [1011, 'no visible signs of use.'],
        [1012, 'light scratches.'],
        [1013, 'clear scratches.'],
      ],
    ],
    ['nothing for a question without them', device.questions[1], []],
  ])('finds %s', (_name, question, expected) => {
    if (question === undefined) throw new Error('fixture question missing');
    expect([...answerDescriptions(question)]).toEqual(expected);
  });

  it('does not mistake “Wie neu:” for “Neu:”', () => {
    const question = {
      id: 1,
      code: 'GRADE',
      question: 'Zustand?',
      description: 'Neu: originalverpackt. Wie neu: keine Spuren.',
      answers: [
        { id: 1, code: 'GRADE_NEW', text: 'Neu' },
        { id: 2, code: 'GRADE_LIKE_NEW', text: 'Wie neu' },
      ],
    };
    expect([...answerDescriptions(question)]).toEqual([
      [1, 'originalverpackt.'],
      [2, 'keine Spuren.'],
    ]);
  });

  it.each([
    ['a space', ' '],
    ['a no-break space', '\u00a0'],
    ['a narrow no-break space', '\u202f'],
  ])('reads French labels with %s before the colon', (_name, space) => {
    const question = {
      id: 1,
      code: 'GRADE',
      question: 'État ?',
      description: `Neuf${space}: sous blister. Comme neuf${space}: aucune trace.`,
      answers: [
        { id: 1, code: 'GRADE_NEW', text: 'Neuf' },
        { id: 2, code: 'GRADE_LIKE_NEW', text: 'Comme neuf' },
      ],
    };
    expect([...answerDescriptions(question)]).toEqual([
      [1, 'sous blister.'],
      [2, 'aucune trace.'],
    ]);
  });

  it('finds no label where the answer is not followed by its colon', () => {
    const question = {
      id: 1,
      code: 'GRADE',
      question: 'État ?',
      description: 'Neuf  : deux espaces. Neuf, sous blister. Comme neuf ; aucune trace.',
      answers: [
        { id: 1, code: 'GRADE_NEW', text: 'Neuf' },
        { id: 2, code: 'GRADE_LIKE_NEW', text: 'Comme neuf' },
      ],
    };
    expect([...answerDescriptions(question)]).toEqual([]);
  });
});
