import type { ShouldRevalidateFunction } from 'react-router';

/**
 * A step of the widget on the same page (the offer after the questions, the checkout after the
 * cart) changes only the history entry's state: the page's data stays as it is.
 */
export const sameSellFlowPage: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  formMethod === undefined && currentUrl.pathname === nextUrl.pathname
    ? false
    : defaultShouldRevalidate;
