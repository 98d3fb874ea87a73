import type { FlowStep } from './flow.ts';

/*
 * Where an element keeps its step beyond its own life: in the page's history entries (only
 * with `history="push"`) and in the tab's sessionStorage (a reload of a page that does not
 * route). What is read back is unchecked: the caller parses it with `flowStepSchema`.
 */

/** The key of one element's step: its edition and its position among the page's elements. */
export function flowMemoryKey(host: Element, edition: string): string {
  const position = [...host.ownerDocument.querySelectorAll<Element>('tradein-widget')].indexOf(
    host,
  );
  return `tradein-flow:${edition}:${position}`;
}

/** The step an entry's `history.state` holds under the element's key, unchecked. */
export function stepOfState(state: unknown, key: string): unknown {
  return typeof state === 'object' && state !== null ? Reflect.get(state, key) : undefined;
}

function stateWith(key: string, step: FlowStep): Record<string, unknown> {
  const state: unknown = history.state;
  return { ...(typeof state === 'object' && state !== null ? state : {}), [key]: step };
}

/** Adds a history entry at the page's URL holding the step (other keys of the page stay). */
export function pushStep(key: string, step: FlowStep): void {
  history.pushState(stateWith(key, step), '', location.href);
}

/** Writes the step into the current history entry (the one the element started on). */
export function markStep(key: string, step: FlowStep): void {
  history.replaceState(stateWith(key, step), '', location.href);
}

/** Whether the page was reloaded, or reopened by the back or forward button. */
function reopened(): boolean {
  const entry = performance.getEntriesByType('navigation')[0];
  const type: unknown = entry === undefined ? undefined : Reflect.get(entry, 'type');
  return type === 'reload' || type === 'back_forward';
}

function sessionRead(key: string): unknown {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    // Storage refused (privacy settings) or not JSON: nothing kept.
    return undefined;
  }
}

function sessionWrite(key: string, value: unknown): void {
  try {
    if (value === undefined) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused or full: the flow works on, it is just not kept.
  }
}

/** Keeps the element's step for a reload of the same page in this tab. */
export function keepStep(key: string, step: FlowStep): void {
  sessionWrite(key, { path: location.pathname + location.search, step });
}

/**
 * The step to restore at start, unchecked: the history entry's (with `history="push"`), else
 * the kept one when this same page was reloaded or reopened; else undefined.
 */
export function keptStep(key: string, pushes: boolean): unknown {
  const inEntry = pushes ? stepOfState(history.state, key) : undefined;
  if (inEntry !== undefined) return inEntry;
  if (!reopened()) return undefined;
  const kept = sessionRead(key);
  if (typeof kept !== 'object' || kept === null) return undefined;
  const path: unknown = Reflect.get(kept, 'path');
  return path === location.pathname + location.search ? Reflect.get(kept, 'step') : undefined;
}

const tradeKey = (edition: string) => `tradein-trade:${edition}`;

/** Keeps the thank-you step of the trade just made, until the cart holds something again. */
export function keepTrade(edition: string, step: FlowStep | undefined): void {
  sessionWrite(tradeKey(edition), step);
}

/** The thank-you step of the trade just made in this tab, unchecked. */
export function keptTrade(edition: string): unknown {
  return sessionRead(tradeKey(edition));
}
