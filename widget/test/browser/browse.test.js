import { expect } from './expect.js';
import {
  germanWidget,
  shadowViolations,
  smallTargets,
  waitFor,
  widgetWithoutApi,
} from './helpers.js';

afterEach(() => {
  document.body.replaceChildren();
});

const browseWidget = germanWidget;

/** Waits until the level has loaded and shows the heading `title`. */
function whenLevel(root, title) {
  return waitFor(
    () =>
      root.querySelector('h2')?.textContent === title &&
      root.querySelector('[aria-busy="true"]') === null &&
      root.querySelector('.tile'),
    `the level "${title}" (showing "${root.querySelector('h2')?.textContent}")`,
  );
}

function tile(root, name) {
  const found = [...root.querySelectorAll('button.tile')].find(
    (button) => button.textContent === name,
  );
  if (!found) throw new Error(`no tile "${name}"`);
  return found;
}

const crumbs = (root) =>
  [...root.querySelectorAll('nav[aria-label="Navigationspfad"] li')].map(
    (item) => item.textContent,
  );

const levels = {
  category: 'Welche Art von Gerät möchtest du verkaufen?',
  manufacturer: 'Smartphones: Wähle den Hersteller',
  // The edition's popTitleException label for Apple's iPhones.
  series: 'Apple iPhone verkaufen',
  model: 'iPhone 13: Wähle dein Modell',
};

describe('browsing the catalogue in <tradein-widget>', () => {
  it('goes smartphones → Apple → iPhone 13 → a model and reaches the questions step', async () => {
    const { root, steps } = await browseWidget();
    root.querySelector('.browse-link button').click();
    await whenLevel(root, levels.category);
    expect(steps).to.deep.equal([{ screen: 'browse' }]);
    tile(root, 'Smartphones').click();
    await whenLevel(root, levels.manufacturer);
    expect(root.activeElement, 'the new heading takes the focus').to.equal(
      root.querySelector('h2'),
    );
    tile(root, 'Apple').click();
    await whenLevel(root, levels.series);
    tile(root, 'iPhone 13').click();
    await whenLevel(root, levels.model);
    expect(crumbs(root)).to.deep.equal(['Alle Kategorien', 'Smartphones', 'Apple', 'iPhone 13']);
    const models = [...root.querySelectorAll('button.tile')].map((button) => button.textContent);
    expect(models.includes('Apple iPhone 13 mini 128 GB'), models.join(', ')).to.be.ok;
    const image = root.querySelector('button.tile img');
    expect([image.getAttribute('width'), image.getAttribute('height')]).to.deep.equal(['48', '48']);
    tile(root, 'Apple iPhone 13 128 GB').click();
    await waitFor(() => steps.length > 1, 'tradein:navigate');
    expect(steps[1]).to.deep.equal({ screen: 'questions', deviceUrl: 'apple-iphone-13-128-gb' });
  });

  it('starts in browse at the category of the category attribute', async () => {
    const { root } = await browseWidget('category="smartphones"');
    await whenLevel(root, levels.manufacturer);
    expect(crumbs(root)).to.deep.equal(['Alle Kategorien', 'Smartphones']);
    // Back walks up inside the screen; the breadcrumb jumps.
    tile(root, 'Apple').click();
    await whenLevel(root, levels.series);
    const back = [...root.querySelectorAll('button')].find(
      (button) => button.textContent === 'Zurück',
    );
    back.click();
    await whenLevel(root, levels.manufacturer);
    root.querySelector('.breadcrumb-button').click();
    await whenLevel(root, levels.category);
  });

  it('has no accessibility violations and 44 px touch targets on every level at 360 px', async () => {
    const { element, root } = await browseWidget('category="smartphones"');
    element.style.width = '360px';
    const seen = [];
    const check = async (level) => {
      seen.push([level, await shadowViolations(), smallTargets(root)]);
    };
    await whenLevel(root, levels.manufacturer);
    await check('manufacturer');
    tile(root, 'Apple').click();
    await whenLevel(root, levels.series);
    await check('series');
    tile(root, 'iPhone 13').click();
    await whenLevel(root, levels.model);
    await check('model');
    root.querySelector('.breadcrumb-button').click();
    await whenLevel(root, levels.category);
    await check('category');
    expect(seen).to.deep.equal([
      ['manufacturer', [], []],
      ['series', [], []],
      ['model', [], []],
      ['category', [], []],
    ]);
  });

  it('shows a retry button when the catalogue cannot be loaded', async () => {
    const root = await widgetWithoutApi('category="smartphones"');
    const alert = await waitFor(() => root.querySelector('.notice-error'), 'the error', 8000);
    expect(alert.textContent).to.include('Die Geräte konnten nicht geladen werden.');
    expect(alert.querySelector('button').textContent).to.equal('Erneut versuchen');
  });
});
