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

/** The accessible name of a button: its aria-label, else its text. */
const nameOf = (button) => button.getAttribute('aria-label') ?? button.textContent;

/** The button of a level named `name` (a tile, or a variant chip of a model). */
function tile(root, name) {
  const found = [...root.querySelectorAll('.tiles button')].find(
    (button) => nameOf(button) === name,
  );
  if (!found) throw new Error(`no tile "${name}"`);
  return found;
}

/** A model's variant choice: the group named `model` and the labels of its buttons. */
function variantGroup(root, model) {
  const group = [...root.querySelectorAll('.tiles [role="group"]')].find(
    (entry) => root.getElementById(entry.getAttribute('aria-labelledby'))?.textContent === model,
  );
  if (!group) throw new Error(`no model "${model}"`);
  return group;
}

/** The back button of the screen. */
const backButton = (root) =>
  [...root.querySelectorAll('.browse-actions button')].find(
    (button) => button.textContent === 'Zurück',
  );

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
  it('goes smartphones → Apple → iPhone 13 → a model, one step each, and reaches the questions step', async () => {
    const { root, steps, paths } = await browseWidget();
    root.querySelector('.browse-link button').click();
    await whenLevel(root, levels.category);
    expect(steps).to.deep.equal([{ screen: 'browse' }]);
    tile(root, 'Smartphones').click();
    await whenLevel(root, levels.manufacturer);
    expect(root.activeElement, 'the new heading takes the focus').to.equal(
      root.querySelector('h2'),
    );
    // Manufacturers are their names set as text: no logo, no image, no placeholder.
    expect(root.querySelectorAll('.tiles img, .tiles .thumb').length).to.equal(0);
    expect(tile(root, 'Apple').textContent).to.equal('Apple');
    tile(root, 'Apple').click();
    await whenLevel(root, levels.series);
    expect(root.querySelectorAll('.tiles img').length, 'series keep their pictures').to.be.above(0);
    tile(root, 'iPhone 13').click();
    await whenLevel(root, levels.model);
    expect(crumbs(root)).to.deep.equal(['Alle Kategorien', 'Smartphones', 'Apple', 'iPhone 13']);
    const sizes = [...variantGroup(root, 'Apple iPhone 13').querySelectorAll('button')];
    expect(sizes.map((button) => button.textContent)).to.deep.equal(['128 GB', '256 GB', '512 GB']);
    expect(nameOf(sizes[1])).to.equal('Apple iPhone 13 256 GB');
    const pro = [...variantGroup(root, 'Apple iPhone 13 Pro').querySelectorAll('button')];
    expect(pro.map((button) => button.textContent)).to.deep.equal([
      '128 GB',
      '256 GB',
      '512 GB',
      '1 TB',
    ]);
    const image = root.querySelector('.model-tile img');
    expect([image.getAttribute('width'), image.getAttribute('height')]).to.deep.equal(['48', '48']);
    expect(steps.slice(1)).to.deep.equal([
      { screen: 'browse', categoryUrl: 'smartphones' },
      { screen: 'browse', categoryUrl: 'smartphones', manufacturerUrl: 'apple' },
      {
        screen: 'browse',
        categoryUrl: 'smartphones',
        manufacturerUrl: 'apple',
        seriesUrl: 'apple-iphone-13',
      },
    ]);
    expect(paths).to.deep.equal([
      '/',
      '/verkaufen/smartphones',
      '/verkaufen/smartphones-apple',
      '/verkaufen/apple-iphone-13',
    ]);
    tile(root, 'Apple iPhone 13 256 GB').click();
    await waitFor(() => steps.length > 4, 'tradein:navigate');
    expect(steps[4]).to.deep.equal({ screen: 'questions', deviceUrl: 'apple-iphone-13-256-gb' });
  });

  it('walks back level by level, and shows the level of a step the host hands back', async () => {
    const { element, root, steps } = await browseWidget();
    root.querySelector('.browse-link button').click();
    await whenLevel(root, levels.category);
    tile(root, 'Smartphones').click();
    await whenLevel(root, levels.manufacturer);
    tile(root, 'Apple').click();
    await whenLevel(root, levels.series);
    backButton(root).click();
    await whenLevel(root, levels.manufacturer);
    // The host's back button: it hands back the step of its history entry.
    element.flowStep = { screen: 'browse' };
    await whenLevel(root, levels.category);
    element.flowStep = {
      screen: 'browse',
      categoryUrl: 'smartphones',
      manufacturerUrl: 'apple',
      seriesUrl: 'apple-iphone-13',
    };
    await whenLevel(root, levels.model);
    const announced = steps.length;
    // A handed-back step is the element's only one: Back goes up a level, as a new step.
    backButton(root).click();
    await whenLevel(root, levels.series);
    expect(steps.slice(announced)).to.deep.equal([
      { screen: 'browse', categoryUrl: 'smartphones', manufacturerUrl: 'apple' },
    ]);
  });

  it('starts at the manufacturer or series an aggregation url in the category attribute names', async () => {
    const manufacturer = await browseWidget('category="smartphones-apple"');
    await whenLevel(manufacturer.root, levels.series);
    expect(crumbs(manufacturer.root)).to.deep.equal(['Alle Kategorien', 'Smartphones', 'Apple']);
    document.body.replaceChildren();
    const series = await browseWidget('category="apple-iphone-13"');
    await whenLevel(series.root, levels.model);
    expect(crumbs(series.root)).to.deep.equal([
      'Alle Kategorien',
      'Smartphones',
      'Apple',
      'iPhone 13',
    ]);
  });

  it('starts in browse at the category of the category attribute', async () => {
    const { root } = await browseWidget('category="smartphones"');
    await whenLevel(root, levels.manufacturer);
    expect(crumbs(root)).to.deep.equal(['Alle Kategorien', 'Smartphones']);
    // Back walks up inside the screen; the breadcrumb jumps.
    tile(root, 'Apple').click();
    await whenLevel(root, levels.series);
    backButton(root).click();
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
