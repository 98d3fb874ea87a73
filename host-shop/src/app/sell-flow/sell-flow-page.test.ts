import { describe, expect, it } from 'vitest';
import type { SellFlowWidget } from './flow-step.ts';
import { sellFlowMatch, sellFlowPage } from './sell-flow-page.ts';

const widget: SellFlowWidget = { attributes: {}, start: { screen: 'search' } };

function CategoryBelow({ loaderData }: { loaderData: { widget: SellFlowWidget; name: string } }) {
  return loaderData.name;
}

describe('the sell-flow page of a route match', () => {
  it('brings the loader data and the part below the widget of a page made by sellFlowPage', () => {
    const loaderData = { widget, name: 'Smartphones' };
    const page = sellFlowMatch({ handle: sellFlowPage(CategoryBelow), loaderData });
    expect(page).toEqual({ loaderData, Below: CategoryBelow });
  });

  it('has nothing below the widget when the page has no sell-flow handle', () => {
    expect(sellFlowMatch({ handle: undefined, loaderData: { widget } })?.Below).toBeUndefined();
    expect(sellFlowMatch({ handle: { Below: 'text' }, loaderData: { widget } })?.Below).toBe(
      undefined,
    );
  });

  it('is no sell-flow page without the widget in its loader data', () => {
    expect(sellFlowMatch(undefined)).toBeUndefined();
    expect(sellFlowMatch({ handle: sellFlowPage(CategoryBelow), loaderData: null })).toBe(
      undefined,
    );
    expect(sellFlowMatch({ handle: undefined, loaderData: { name: 'x' } })).toBeUndefined();
  });
});
