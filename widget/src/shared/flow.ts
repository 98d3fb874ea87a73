import { atom, computed, type ReadableAtom } from 'nanostores';

/** One answer given in the flow: which answer of which condition question. */
export interface FlowAnswer {
  readonly questionId: number;
  readonly answerId: number;
}

/** Where a seller is in the sell flow; each screen's own state lives in its feature's store. */
export type FlowStep =
  | { screen: 'search' }
  | { screen: 'browse'; categoryUrl?: string; manufacturerUrl?: string; seriesUrl?: string }
  /**
   * One question of a device. `answers` are those given so far (question id → answer id, in the
   * order of the questions), so back and forward show them again; `question` is the index of the
   * question shown (absent: the first one without an answer). `replacesOfferId` names the cart
   * line whose answers the seller is changing: the new offer takes its place.
   */
  | {
      screen: 'questions';
      deviceUrl: string;
      answers?: readonly FlowAnswer[];
      question?: number;
      replacesOfferId?: string;
    }
  /**
   * `deviceName` names the cart line; the stored offer carries only the device id.
   * `replacesOfferId`: the cart line this offer takes the place of (answers changed).
   */
  | {
      screen: 'offer';
      offerId: string;
      deviceUrl: string;
      deviceName?: string;
      replacesOfferId?: string;
    }
  | { screen: 'cart' }
  | { screen: 'checkout' }
  /** `newAccount`: the account the seller asked to create with the checkout. */
  | {
      screen: 'thank-you';
      tradeNumber: string;
      newAccount?: { readonly email: string; readonly created: boolean };
    };

/** The screens of the flow. */
export type FlowScreen = FlowStep['screen'];

/** Who moved the flow: the seller in the element, or the host page (back button, reload). */
export type FlowOrigin = 'seller' | 'host';

/** One element's navigation: the current step and the way back. */
export interface Flow {
  readonly $step: ReadableAtom<FlowStep>;
  readonly $canGoBack: ReadableAtom<boolean>;
  /** Moves to a step, remembering the current one for `back`. */
  go(step: FlowStep): void;
  /** Moves to a step and forgets the way back (after a checkout, say). */
  replace(step: FlowStep): void;
  /** Returns to the previous step; does nothing on the first one. */
  back(): void;
  /** The step `back` returns to, if any. */
  previous(): FlowStep | undefined;
  /** Whether the step has changed since the flow began (a screen then takes the focus). */
  moved(): boolean;
  /**
   * Shows a step the host page asks for (its back and forward buttons, a reload): the step
   * becomes the only one, without a way back inside the element; the host's history is it.
   */
  show(step: FlowStep): void;
  /** Calls `listener` after every change of step (not for the initial one), with who made it. */
  onChange(listener: (step: FlowStep, origin: FlowOrigin) => void): () => void;
}

/**
 * Creates the navigation of one element. Every element has its own (two widgets on a page are
 * independent), so this is a factory rather than a module-level store.
 */
export function createFlow(initial: FlowStep = { screen: 'search' }): Flow {
  const $history = atom<readonly FlowStep[]>([initial]);
  const $step = computed($history, (history) => history[history.length - 1] ?? initial);
  const $canGoBack = computed($history, (history) => history.length > 1);
  const listeners = new Set<(step: FlowStep, origin: FlowOrigin) => void>();
  let moved = false;
  const changed = (origin: FlowOrigin = 'seller') => {
    moved = true;
    const step = $step.get();
    for (const listener of listeners) listener(step, origin);
  };
  return {
    $step,
    $canGoBack,
    go(step) {
      $history.set([...$history.get(), step]);
      changed();
    },
    replace(step) {
      $history.set([step]);
      changed();
    },
    show(step) {
      $history.set([step]);
      changed('host');
    },
    back() {
      const history = $history.get();
      if (history.length <= 1) return;
      $history.set(history.slice(0, -1));
      changed();
    },
    previous() {
      const history = $history.get();
      return history.length > 1 ? history[history.length - 2] : undefined;
    },
    moved: () => moved,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
