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
import type { FlowAnswer } from '../../shared/flow.ts';
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

/** Answer id by question id. */
export type AnswerMap = Readonly<Record<number, number>>;

/**
 * Where the questions stand in a step of the flow: the answers it carries and the question it
 * shows (absent: the first one its answers leave open).
 */
export interface QuestionsPosition {
  readonly answers?: readonly FlowAnswer[] | undefined;
  readonly question?: number | undefined;
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
  /** The step's answers and question, shown once the device is loaded. */
  readonly position?: QuestionsPosition;
  /**
   * Answers given earlier for this device and not carried by the step (those of later
   * questions, say, when the seller comes back from the offer); taken only when the step
   * carries answers itself, so a new start from the search begins empty.
   */
  readonly remembered?: AnswerMap;
}

/** One element's condition questions for one device. */
export interface QuestionsStore {
  readonly $load: ReadableAtom<DeviceLoad>;
  /** Index of the question on view (0-based). */
  readonly $index: ReadableAtom<number>;
  /** Chosen answer id by question id; kept when the seller goes back. */
  readonly $answers: ReadableAtom<AnswerMap>;
  readonly $preview: ReadableAtom<PricePreview>;
  readonly $creation: ReadableAtom<OfferCreation>;
  readonly $progress: ReadableAtom<QuestionProgress>;
  readonly $question: ReadableAtom<Question | undefined>;
  /** Loads (or reloads after an error) the device and its questions. */
  load(): Promise<void>;
  /** Chooses an answer of the question on view and refreshes the price when all are answered. */
  choose(questionId: number, answerId: number): void;
  /**
   * Shows the question and answers of a step (the seller moved, or the back and forward
   * buttons did): its answers are taken over those remembered, which stay for the questions it
   * does not carry. A question after one without an answer is not shown: the first open one is.
   */
  show(position: QuestionsPosition): void;
  /** Every answer given, in the order of the questions: what a step of the flow carries. */
  answerList(): FlowAnswer[];
  /** The index of the question after the one on view, once that is answered; else undefined. */
  nextIndex(): number | undefined;
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

/** The answers of a map as a list (in the order of their question ids). */
function listOfAnswers(answers: AnswerMap): FlowAnswer[] {
  return Object.entries(answers).map(([questionId, answerId]) => ({
    questionId: Number(questionId),
    answerId,
  }));
}

/** The answers of a list that belong to the device's questions (a step may carry others). */
function answersOfDevice(device: Device, list: readonly FlowAnswer[]): AnswerMap {
  const result: Record<number, number> = {};
  for (const { questionId, answerId } of list) {
    const question = device.questions.find((entry) => entry.id === questionId);
    if (question?.answers.some((answer) => answer.id === answerId)) result[questionId] = answerId;
  }
  return result;
}

/**
 * The index of the question a step shows: its `question`, else the first one its own answers
 * leave open; never beyond the first question that has no answer at all.
 */
export function questionIndexOf(
  device: Device,
  answers: AnswerMap,
  position: QuestionsPosition,
): number {
  const firstOpen = (given: AnswerMap) => {
    const index = device.questions.findIndex((question) => given[question.id] === undefined);
    return index === -1 ? device.questions.length - 1 : index;
  };
  const wanted = position.question ?? firstOpen(answersOfDevice(device, position.answers ?? []));
  return Math.max(0, Math.min(wanted, firstOpen(answers)));
}

/** What may stand between an answer and its colon: French sets a (narrow) no-break space there. */
const spacesBeforeColon = new Set([' ', '\u00a0', '\u202f']);

/**
 * Where an answer's label "Answer:" starts in a description (at its start or after a space) and
 * how long it is; the colon may follow a space, a no-break or a narrow no-break space
 * ("Neuf : …" in French). Undefined when the description does not name the answer so.
 */
function answerLabel(
  description: string,
  answer: string,
): { at: number; length: number } | undefined {
  for (let at = description.indexOf(answer); at !== -1; at = description.indexOf(answer, at + 1)) {
    if (at > 0 && description[at - 1] !== ' ') continue;
    let end = at + answer.length;
    if (spacesBeforeColon.has(description[end] ?? '')) end += 1;
    if (description[end] === ':') return { at, length: end + 1 - at };
  }
  return undefined;
}

/**
 * Per-answer explanations written into a question's description as "Answer: text." sentences
 * (the grade question: "Like new: no visible signs of use. Good: …"; French "Neuf : …"). Answers
 * without one get none; the caller then shows the description as a whole.
 */
export function answerDescriptions(question: Question): ReadonlyMap<number, string> {
  const starts = question.answers
    .flatMap((answer) => {
      const label = answerLabel(question.description, answer.text);
      return label === undefined ? [] : [{ answer, ...label }];
    })
    .toSorted((a, b) => a.at - b.at);
  const result = new Map<number, string>();
  starts.forEach((entry, position) => {
    const end = starts[position + 1]?.at ?? question.description.length;
    const text = question.description.slice(entry.at + entry.length, end).trim();
    if (text !== '') result.set(entry.answer.id, text);
  });
  return result;
}

/** Creates the questions store of one element for one device. */
export function createQuestionsStore(options: QuestionsStoreOptions): QuestionsStore {
  const { api, edition } = options;
  const $load = atom<DeviceLoad>({ status: 'loading' });
  const $index = atom(0);
  let position: QuestionsPosition = options.position ?? {};
  const $answers = atom<AnswerMap>(position.answers === undefined ? {} : { ...options.remembered });
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

  /** Takes the wanted position over, once the device is there. */
  function applyPosition(): void {
    const device = readyDevice();
    if (device === undefined) return;
    const before = $answers.get();
    const answers = { ...before, ...answersOfDevice(device, position.answers ?? []) };
    $index.set(questionIndexOf(device, answers, position));
    if (JSON.stringify(answers) === JSON.stringify(before)) return;
    $answers.set(answers);
    void refreshPreview();
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
        if (device === undefined || device.questions.length === 0) {
          $load.set({ status: 'not-found' });
          return;
        }
        // Remembered answers of questions this device does not ask are dropped.
        $answers.set(answersOfDevice(device, listOfAnswers($answers.get())));
        $load.set({ status: 'ready', device });
        applyPosition();
        void refreshPreview();
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
    show(next) {
      position = next;
      applyPosition();
    },
    answerList() {
      const device = readyDevice();
      const answers = $answers.get();
      if (device === undefined) return listOfAnswers(answers);
      return device.questions.flatMap((question) => {
        const answerId = answers[question.id];
        return answerId === undefined ? [] : [{ questionId: question.id, answerId }];
      });
    },
    nextIndex() {
      const question = $question.get();
      const index = $index.get();
      if (question === undefined || $answers.get()[question.id] === undefined) return undefined;
      return index < $progress.get().total - 1 ? index + 1 : undefined;
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
