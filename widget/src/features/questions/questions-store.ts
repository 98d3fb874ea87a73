import type { ApiClient } from '@tradein/client-core';
import { setPriceCalculateDone } from '@tradein/client-core';
import {
  createOfferEndpoint,
  previewOfferEndpoint,
  buildSearchRequest,
  searchEndpoint,
  type Device,
  type Offer,
  type OfferAnswer,
  type OfferPreview,
  type Question,
} from '@tradein/contract';
import { getClientEdition, type EditionCode, type ShopMode } from '@tradein/editions/client';
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { EventTracker } from '../../shared/widget-services.tsx';

/** Loading the device: its questions come with it. */
export type DeviceLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'error' }
  | { readonly status: 'not-found' }
  | { readonly status: 'ready'; readonly device: Device };

/**
 * The live price. The server prices only a complete set of answers (docs/trades.md), so the
 * preview is `incomplete` until every question is answered; no price is ever guessed here.
 */
export type PricePreview =
  | { readonly status: 'incomplete' }
  | { readonly status: 'loading' }
  | { readonly status: 'error' }
  | { readonly status: 'ready'; readonly preview: OfferPreview };

/** Creating the offer after the last question. */
export type OfferCreation =
  { readonly status: 'idle' } | { readonly status: 'creating' } | { readonly status: 'error' };

/** "Question 2 of 5": the current question's number and how many there are. */
export interface QuestionProgress {
  readonly current: number;
  readonly total: number;
}

/** What the questions store needs from its element. */
export interface QuestionsStoreOptions {
  readonly api: Pick<ApiClient, 'call'>;
  readonly edition: EditionCode;
  readonly shopMode: ShopMode;
  readonly partner: string | undefined;
  readonly deviceUrl: string;
  /** The element's tracker, when it has one; it obeys consent itself. */
  readonly tracker?: EventTracker;
}

/** One element's condition questions for one device. */
export interface QuestionsStore {
  readonly $load: ReadableAtom<DeviceLoad>;
  /** Index of the question on view (0-based). */
  readonly $index: ReadableAtom<number>;
  /** Chosen answer id by question id; kept when the seller goes back. */
  readonly $answers: ReadableAtom<Readonly<Record<number, number>>>;
  readonly $preview: ReadableAtom<PricePreview>;
  readonly $creation: ReadableAtom<OfferCreation>;
  readonly $progress: ReadableAtom<QuestionProgress>;
  readonly $question: ReadableAtom<Question | undefined>;
  /** Loads (or reloads after an error) the device and its questions. */
  load(): Promise<void>;
  /** Chooses an answer of the question on view and refreshes the price when all are answered. */
  choose(questionId: number, answerId: number): void;
  /** Moves to the next question; only once the one on view is answered. */
  next(): void;
  /** Moves to the previous question; false on the first one. */
  back(): boolean;
  /** Asks for the price again after a failed preview. */
  retryPreview(): Promise<void>;
  /** Creates the offer from every answer; resolves to it, or undefined after a failure. */
  createOffer(): Promise<Offer | undefined>;
}

/** The answers in the order of the device's questions; undefined while any is missing. */
export function completeAnswers(
  device: Device,
  answers: Readonly<Record<number, number>>,
): OfferAnswer[] | undefined {
  const list: OfferAnswer[] = [];
  for (const question of device.questions) {
    const answerId = answers[question.id];
    if (answerId === undefined) return undefined;
    list.push({ questionId: question.id, answerId });
  }
  return list;
}

/**
 * Per-answer explanations written into a question's description as "Answer: text." sentences
 * (the grade question: "Like new: no visible signs of use. Good: …"). Answers without one get
 * none; the caller then shows the description as a whole.
 */
export function answerDescriptions(question: Question): ReadonlyMap<number, string> {
  const starts = question.answers
    .map((answer) => {
      const label = `${answer.text}:`;
      const at = question.description.startsWith(label)
        ? 0
        : question.description.indexOf(` ${label}`) + 1;
      return { answer, at, label };
    })
    .filter((entry) => entry.at >= 0 && question.description.startsWith(entry.label, entry.at))
    .toSorted((a, b) => a.at - b.at);
  const result = new Map<number, string>();
  starts.forEach((entry, position) => {
    const end = starts[position + 1]?.at ?? question.description.length;
    const text = question.description.slice(entry.at + entry.label.length, end).trim();
    if (text !== '') result.set(entry.answer.id, text);
  });
  return result;
}

/** Creates the questions store of one element for one device. */
export function createQuestionsStore(options: QuestionsStoreOptions): QuestionsStore {
  const { api, edition } = options;
  const $load = atom<DeviceLoad>({ status: 'loading' });
  const $index = atom(0);
  const $answers = atom<Readonly<Record<number, number>>>({});
  const $preview = atom<PricePreview>({ status: 'incomplete' });
  const $creation = atom<OfferCreation>({ status: 'idle' });
  const $question = computed([$load, $index], (load, index) =>
    load.status === 'ready' ? load.device.questions[index] : undefined,
  );
  const $progress = computed([$load, $index], (load, index) => ({
    current: index + 1,
    total: load.status === 'ready' ? load.device.questions.length : 0,
  }));
  // Only the newest preview may show: an older answer set's price must not win a race.
  let previewRequest = 0;

  function readyDevice(): Device | undefined {
    const load = $load.get();
    return load.status === 'ready' ? load.device : undefined;
  }

  function requestBody(device: Device, answers: OfferAnswer[]) {
    return {
      edition,
      deviceId: device.id,
      answers,
      shopMode: options.shopMode,
      ...(options.partner === undefined ? {} : { partner: options.partner }),
    };
  }

  async function refreshPreview(): Promise<void> {
    const device = readyDevice();
    const answers = device && completeAnswers(device, $answers.get());
    const request = ++previewRequest;
    if (device === undefined || answers === undefined) {
      $preview.set({ status: 'incomplete' });
      return;
    }
    $preview.set({ status: 'loading' });
    try {
      const preview = await api.call(previewOfferEndpoint, {
        body: requestBody(device, answers),
      });
      if (request === previewRequest) $preview.set({ status: 'ready', preview });
    } catch {
      if (request === previewRequest) $preview.set({ status: 'error' });
    }
  }

  return {
    $load,
    $index,
    $answers,
    $preview,
    $creation,
    $progress,
    $question,
    async load() {
      $load.set({ status: 'loading' });
      try {
        const result = await api.call(searchEndpoint, {
          body: buildSearchRequest(
            { kind: 'deviceByUrl', url: options.deviceUrl },
            getClientEdition(edition).search.devicesIndex,
            1,
          ),
        });
        const device = result.kind === 'deviceByUrl' ? result.hits[0] : undefined;
        // A device without questions cannot be priced (the server wants at least one answer).
        $load.set(
          device === undefined || device.questions.length === 0
            ? { status: 'not-found' }
            : { status: 'ready', device },
        );
      } catch {
        $load.set({ status: 'error' });
      }
    },
    choose(questionId, answerId) {
      const question = $question.get();
      if (question?.id !== questionId || !question.answers.some((a) => a.id === answerId)) {
        throw new Error(`Answer ${answerId} does not belong to the question on view`);
      }
      if ($answers.get()[questionId] === answerId) return;
      $answers.set({ ...$answers.get(), [questionId]: answerId });
      void refreshPreview();
    },
    next() {
      const question = $question.get();
      const total = $progress.get().total;
      if (question === undefined || $answers.get()[question.id] === undefined) return;
      if ($index.get() < total - 1) $index.set($index.get() + 1);
    },
    back() {
      if ($index.get() === 0) return false;
      $index.set($index.get() - 1);
      return true;
    },
    retryPreview: refreshPreview,
    async createOffer() {
      const device = readyDevice();
      const answers = device && completeAnswers(device, $answers.get());
      if (device === undefined || answers === undefined || $creation.get().status === 'creating') {
        return undefined;
      }
      $creation.set({ status: 'creating' });
      try {
        const offer = await api.call(createOfferEndpoint, {
          body: requestBody(device, answers),
        });
        setPriceCalculateDone(true);
        options.tracker?.track('offer_generated', {
          deviceId: offer.deviceId,
          offerId: offer.offerId,
          revenue: offer.priceCents,
          currency: offer.currency,
          productName: device.name,
        });
        $creation.set({ status: 'idle' });
        return offer;
      } catch {
        $creation.set({ status: 'error' });
        return undefined;
      }
    },
  };
}
