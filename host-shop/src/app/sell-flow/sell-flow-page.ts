import type { ComponentType } from 'react';
import type { SellFlowWidget } from './flow-step.ts';

/** Loader data of a sell-flow page: at least what the widget needs. */
export interface SellFlowData {
  widget: SellFlowWidget;
}

/**
 * What a sell-flow page module exports as `handle`: the part of the page below the widget, drawn
 * by the sell-flow layout (which keeps the widget between the page and this part) from the page's
 * own loader data.
 */
export interface SellFlowHandle<Data extends SellFlowData> {
  readonly Below: ComponentType<{ loaderData: Data }>;
}

/** The `handle` of a sell-flow page whose `Below` takes the page's loader data, typed. */
export function sellFlowPage<Data extends SellFlowData>(
  Below: ComponentType<{ loaderData: Data }>,
): SellFlowHandle<Data> {
  return { Below };
}

/** A sell-flow page as the layout draws it: its loader data and the part below the widget. */
interface SellFlowMatch {
  loaderData: SellFlowData;
  Below: ComponentType<{ loaderData: SellFlowData }> | undefined;
}

function isSellFlowData(data: unknown): data is SellFlowData {
  return typeof data === 'object' && data !== null && 'widget' in data;
}

/**
 * Whether a route module's `handle` was made by `sellFlowPage`. A match holds the handle and the
 * loader data of the same module, and `sellFlowPage` typed that module's `Below` for its
 * loader's data: so a match's `Below` takes the match's data.
 */
function isSellFlowHandle(handle: unknown): handle is SellFlowHandle<SellFlowData> {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'Below' in handle &&
    typeof handle.Below === 'function'
  );
}

/** The sell-flow page a route match stands for, if its loader gave the widget what it needs. */
export function sellFlowMatch(
  match: { handle: unknown; loaderData: unknown } | undefined,
): SellFlowMatch | undefined {
  if (match === undefined || !isSellFlowData(match.loaderData)) return undefined;
  const Below = isSellFlowHandle(match.handle) ? match.handle.Below : undefined;
  return { loaderData: match.loaderData, Below };
}
