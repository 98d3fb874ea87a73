import { expect } from './expect.js';
import {
  germanWidget,
  searchApi,
  shadowViolations,
  tradeApiOrigin,
  waitFor,
  widgetWithoutApi,
} from './helpers.js';

afterEach(() => {
  document.body.replaceChildren();
});

/** A German element with its search box. */
async function searchWidget(extra = '') {
  const widget = await germanWidget(extra);
  return { ...widget, input: widget.root.querySelector('input[role="combobox"]') };
}

/** Types `text` into the box the way a browser reports it: value, then an input event. */
function type(input, text) {
  input.focus();
  input.value = text;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, data: text }));
}

function press(input, key) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  input.dispatchEvent(event);
  return event.defaultPrevented;
}

const options = (root) => [...root.querySelectorAll('[role="option"]')];

/** The accessible name of an option: its text (a chip's model name is visually hidden). */
const nameOf = (option) => option.textContent;

/** What an option shows: a chip only its size. */
const labelOf = (option) => option.querySelector('.option-name').textContent;

/** The groups of the list (models with several variants), each with its name and options. */
const groups = (root) =>
  [...root.querySelectorAll('[role="listbox"] [role="group"]')].map((group) => ({
    name: root.getElementById(group.getAttribute('aria-labelledby')).textContent,
    options: [...group.querySelectorAll('[role="option"]')],
  }));

/** The option of the model group `model` whose visible label is `variant`. */
function variantOption(root, model, variant) {
  const group = groups(root).find((entry) => entry.name === model);
  if (group === undefined) throw new Error(`no group "${model}"`);
  const option = group.options.find((entry) => labelOf(entry) === variant);
  if (option === undefined) throw new Error(`no option "${variant}" in "${model}"`);
  return option;
}

/** German euros as the edition quotes a best price: whole euros without cents. */
const euros = new Intl.NumberFormat('de-DE', {
  style: 'currency',
  currency: 'EUR',
  trailingZeroDisplay: 'stripIfInteger',
});

/** The trade API's answer to a German device search, asked directly. */
async function apiHits(text) {
  return (await searchApi({ kind: 'deviceSearch', text }, { resultSize: 8 })).hits;
}

/** Waits until the search answered: options shown and the list no longer busy. */
function whenResults(root) {
  return waitFor(
    () =>
      options(root).length > 0 &&
      root.querySelector('[aria-busy="true"]') === null &&
      !root.querySelector('[role="listbox"]').hidden,
    'search results',
  );
}

describe('the device search of <tradein-widget>', () => {
  it('shows the iPhone 13 models for "iphne 13", highlights the match and announces the count', async () => {
    const { root, input } = await searchWidget();
    type(input, 'iphne 13');
    await whenResults(root);
    const names = options(root).map(nameOf);
    expect(names.length > 0, 'no results').to.be.ok;
    expect(
      names.every((name) => name.includes('iPhone 13')),
      `not all results are iPhone 13 models: ${names.join(', ')}`,
    ).to.be.ok;
    const models = groups(root);
    const head = root.querySelector('.option-group-head');
    const marks = [...head.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).to.deep.equal(['iPhone', '13']);
    expect(input.getAttribute('aria-expanded')).to.equal('true');
    expect(root.querySelector('search output').textContent).to.equal(
      `${models.length} Geräte gefunden.`,
    );
    const image = head.querySelector('img');
    expect(image.getAttribute('src').startsWith(`${tradeApiOrigin()}/api/trade/images/`)).to.be.ok;
    expect([image.getAttribute('width'), image.getAttribute('height')]).to.deep.equal(['48', '48']);
    expect(image.getAttribute('alt')).to.equal('');
  });

  it('moves with the arrow keys, chooses with Enter and emits tradein:navigate to the questions', async () => {
    const { root, input, steps, paths } = await searchWidget();
    type(input, 'iphone 13');
    await whenResults(root);
    const active = () => input.getAttribute('aria-activedescendant');
    expect(press(input, 'ArrowDown'), 'ArrowDown not handled').to.be.ok;
    press(input, 'ArrowDown');
    const second = options(root)[1];
    await waitFor(() => active() === second.id, 'the second option to be active');
    expect(second.getAttribute('aria-selected')).to.equal('true');
    press(input, 'ArrowUp');
    await waitFor(() => active() === options(root)[0].id, 'the first option to be active');
    press(input, 'ArrowDown');
    await waitFor(() => active() === second.id, 'the second option again');
    expect(press(input, 'Home'), 'Home must stay text editing').to.equal(false);
    expect(press(input, 'End'), 'End must stay text editing').to.equal(false);
    expect(press(input, 'Enter'), 'Enter not handled').to.be.ok;
    await waitFor(() => steps.length > 0, 'tradein:navigate');
    expect(steps).to.deep.equal([{ screen: 'questions', deviceUrl: 'apple-iphone-13-256-gb' }]);
    expect(paths, 'the device page a host may route to').to.deep.equal([
      '/produkte/apple-iphone-13-256-gb',
    ]);
  });

  it('lists each iPhone 13 model once with its storage sizes, smallest first', async () => {
    const { root, input } = await searchWidget();
    type(input, 'iphon 13');
    await whenResults(root);
    const models = groups(root);
    expect(models.map((model) => model.name).slice(0, 2)).to.deep.equal([
      'Apple iPhone 13',
      'Apple iPhone 13 mini',
    ]);
    expect(models[0].options.map(labelOf)).to.deep.equal(['128 GB', '256 GB', '512 GB']);
    expect(models[0].options.map(nameOf)).to.deep.equal([
      'Apple iPhone 13 128 GB',
      'Apple iPhone 13 256 GB',
      'Apple iPhone 13 512 GB',
    ]);
  });

  it('chooses the 256 GB iPhone 13 by keyboard', async () => {
    const { root, input, steps } = await searchWidget();
    type(input, 'iphon 13');
    await whenResults(root);
    const wanted = variantOption(root, 'Apple iPhone 13', '256 GB');
    const active = () => root.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    for (let presses = 0; active() !== wanted && presses < options(root).length; presses += 1) {
      press(input, 'ArrowDown');
      await waitFor(() => active() !== null, 'an active option');
    }
    expect(nameOf(active())).to.equal('Apple iPhone 13 256 GB');
    expect(wanted.getAttribute('aria-selected')).to.equal('true');
    press(input, 'Enter');
    await waitFor(() => steps.length > 0, 'tradein:navigate');
    expect(steps).to.deep.equal([{ screen: 'questions', deviceUrl: 'apple-iphone-13-256-gb' }]);
  });

  it('chooses the 256 GB iPhone 13 by pointer', async () => {
    const { root, input, steps } = await searchWidget();
    type(input, 'iphon 13');
    await whenResults(root);
    variantOption(root, 'Apple iPhone 13', '256 GB').click();
    await waitFor(() => steps.length > 0, 'tradein:navigate');
    expect(steps).to.deep.equal([{ screen: 'questions', deviceUrl: 'apple-iphone-13-256-gb' }]);
  });

  it('marks the storage size the query names', async () => {
    const { root, input } = await searchWidget();
    type(input, 'iphone 13 pro 256');
    await whenResults(root);
    const marked = options(root).filter((option) => option.querySelector('mark') !== null);
    expect(marked.map(nameOf)).to.include('Apple iPhone 13 Pro 256 GB');
    expect(marked.map(labelOf)).to.not.include('128 GB');
  });

  it('closes the list on Escape, then clears the text on a second Escape', async () => {
    const { root, input } = await searchWidget();
    type(input, 'galaxy s23');
    await whenResults(root);
    press(input, 'ArrowDown');
    expect(press(input, 'Escape')).to.be.ok;
    await waitFor(() => input.getAttribute('aria-expanded') === 'false', 'the list to close');
    expect(root.querySelector('[role="listbox"]').hidden).to.equal(true);
    expect(input.hasAttribute('aria-activedescendant')).to.equal(false);
    expect(input.value).to.equal('galaxy s23');
    press(input, 'Escape');
    await waitFor(() => input.value === '', 'the text to clear');
  });

  it('says so when nothing matches and offers browsing', async () => {
    const { element, root, input, steps } = await searchWidget();
    type(input, 'qqqxz zzzqv');
    const notice = await waitFor(() => root.querySelector('.notice'), 'the empty state');
    expect(notice.textContent).to.include('Wir haben kein Gerät für „qqqxz zzzqv“ gefunden.');
    expect(root.querySelector('search output').textContent).to.equal('Kein Gerät gefunden.');
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    notice.querySelector('button').click();
    await waitFor(() => steps.length > 0, 'tradein:navigate');
    expect(steps).to.deep.equal([{ screen: 'browse' }]);
    await waitFor(
      () => element.shadowRoot.querySelector('nav[aria-label="Navigationspfad"]'),
      'the browse screen',
    );
  });

  it('shows a clear message with a retry button when the API cannot be reached', async () => {
    const root = await widgetWithoutApi();
    type(root.querySelector('input'), 'iphone');
    const notice = await waitFor(() => root.querySelector('.notice-error'), 'the error', 8000);
    expect(notice.textContent).to.include('Die Suche ist gerade nicht verfügbar.');
    expect(notice.querySelector('button').textContent).to.equal('Erneut versuchen');
  });

  it('has no accessibility violations with results open', async () => {
    const { root, input } = await searchWidget();
    type(input, 'iphone 13');
    await whenResults(root);
    press(input, 'ArrowDown');
    expect(await shadowViolations()).to.deep.equal([]);
  });

  it('shows what each found model gets at best, read with its options', async () => {
    const { element, root, input } = await searchWidget();
    element.style.width = '360px';
    type(input, 'iphone 13 pro');
    await whenResults(root);
    const [hits, shown] = [await apiHits('iphone 13 pro'), options(root)];
    // Every option's name or description says the model's best price.
    const read = shown.map((option) => {
      const described = option.getAttribute('aria-describedby');
      return `${nameOf(option)} | ${described ? root.getElementById(described).textContent : ''}`;
    });
    expect(
      read.every((text) => /bis zu \d/.test(text)),
      read.join('\n'),
    ).to.be.ok;
    const hit = hits.find((entry) => entry.model === 'iPhone 13 Pro');
    const best = Math.max(...hit.variants.map((variant) => variant.bestPriceCents));
    const expected = `bis zu ${euros.format(best / 100)}`;
    const chip = variantOption(root, 'Apple iPhone 13 Pro', '128 GB');
    expect(root.getElementById(chip.getAttribute('aria-describedby')).textContent).to.equal(
      expected,
    );
    // The price stays on one line inside the element, beside the model's name.
    const { right } = element.getBoundingClientRect();
    for (const price of root.querySelectorAll('.best-price')) {
      const box = price.getBoundingClientRect();
      expect(box.right <= right && box.height < 30, `${price.textContent}: ${box.right}`).to.be.ok;
    }
  });

  it('has touch targets of at least 44 px at 360 px width', async () => {
    const { element, root, input } = await searchWidget();
    element.style.width = '360px';
    type(input, 'iphone');
    await whenResults(root);
    const targets = [...options(root), ...root.querySelectorAll('button')];
    expect(targets.length > 1).to.be.ok;
    const small = targets
      .map((target) => [target.textContent, target.getBoundingClientRect()])
      .filter(([, box]) => box.height < 44 || box.width < 44)
      .map(([text, box]) => `${text}: ${box.width}×${box.height}`);
    expect(small).to.deep.equal([]);
    expect(element.getBoundingClientRect().width).to.equal(360);
  });
});
