import { expect } from './expect.js';
import { waitFor } from './helpers.js';

afterEach(() => document.body.replaceChildren());

/** Loads a demo page (served as the shop host serves it) in a same-origin iframe. */
async function openPage(path) {
  const frame = document.createElement('iframe');
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = path;
  frame.style.width = '800px';
  document.body.append(frame);
  await loaded;
  return frame.contentWindow;
}

function shownWidgets(page, count) {
  return waitFor(() => {
    const widgets = [...page.document.querySelectorAll('tradein-widget')];
    return widgets.length === count &&
      widgets.every((widget) => widget.shadowRoot?.querySelector('h2'))
      ? widgets
      : undefined;
  }, `${count} rendered widgets`);
}

describe('demo pages', () => {
  it('the partner page shows the B2B widget from one script tag', async () => {
    const page = await openPage('/demo/partner.html');
    const [widget] = await shownWidgets(page, 1);
    expect(widget.getAttribute('mode')).to.equal('b2bWidget');
    expect(widget.shadowRoot.querySelector('h2').textContent).to.equal(
      'Gebrauchte Firmengeräte verkaufen',
    );
  });

  it('the agan page shows the agan look, which the page can still override per variable', async () => {
    const page = await openPage('/demo/agan.html');
    const [widget] = await shownWidgets(page, 1);
    expect(widget.getAttribute('mode')).to.equal('agan');
    const focusColor = (element) =>
      page.getComputedStyle(element).getPropertyValue('--tradein-color-focus').trim();
    expect(focusColor(widget)).to.equal('#0a6b50');
    const plain = page.document.createElement('tradein-widget');
    plain.setAttribute('edition', 'de');
    page.document.body.append(plain);
    expect(focusColor(plain)).to.equal('');
    widget.style.setProperty('--tradein-color-focus', '#123456');
    expect(focusColor(widget)).to.equal('#123456');
  });

  it('the hostile page (CSP script-src/style-src self, global resets) shows a styled widget', async () => {
    const page = await openPage('/demo/hostile.html');
    const policy = page.document.querySelector('meta[http-equiv="Content-Security-Policy"]');
    expect(policy.content).to.equal("script-src 'self'; style-src 'self'");
    // The page's resets are active on the page itself…
    expect(page.getComputedStyle(page.document.querySelector('h1')).display).to.equal('inline');
    // …but not inside the widget, whose stylesheet the policy does not block.
    const [widget] = await shownWidgets(page, 2);
    const root = widget.shadowRoot;
    expect(page.getComputedStyle(widget).display).to.equal('block');
    const heading = page.getComputedStyle(root.querySelector('h2'));
    expect(heading.display).to.equal('block');
    expect(heading.fontWeight).to.equal('700');
    // The type scale's xl step (tokens.css: 1.375em) of the element's 16 px.
    expect(heading.fontSize).to.equal('22px');
    expect(heading.letterSpacing).to.equal('normal');
    const input = page.getComputedStyle(root.querySelector('input'));
    expect(input.display).to.equal('block');
    expect(input.borderTopWidth).to.equal('1px');
  });

  it('the hostile page carries its own React app, which renders a widget and routes on its events', async () => {
    const page = await openPage('/demo/hostile.html');
    const [pageWidget, reactWidget] = await shownWidgets(page, 2);
    const container = page.document.getElementById('partner-app');
    expect(
      Object.keys(container).some((key) => key.startsWith('__reactContainer$')),
      'a React DOM root (React itself, not our Preact)',
    ).to.equal(true);
    expect(reactWidget.parentElement.className).to.equal('partner-app');
    expect(reactWidget.getAttribute('mode')).to.equal('b2bWidget');
    expect(reactWidget.getAttribute('partner')).to.equal('musterhandel');

    reactWidget.shadowRoot.querySelector('.browse-link button').click();
    const steps = await waitFor(
      () =>
        page.document.querySelector('.partner-steps li') &&
        page.document.querySelector('.partner-steps'),
      'the React app to list the step it was sent',
    );
    expect([...steps.children].map((item) => item.textContent)).to.deep.equal(['/']);
    await waitFor(
      () => !reactWidget.shadowRoot.querySelector('input[role="combobox"]'),
      'the React-rendered widget to leave its search for browsing',
    );
    expect(
      pageWidget.shadowRoot.querySelector('input[role="combobox"]'),
      'the other widget stays on its search',
    ).to.be.ok;
  });

  it('the ES module page loads one locale chunk per language in use', async () => {
    const page = await openPage('/demo/module.html');
    const widgets = await shownWidgets(page, 5);
    expect(
      widgets.map((widget) => widget.shadowRoot.querySelector('h2').textContent),
    ).to.deep.equal([
      'Verkaufe dein gebrauchtes Gerät',
      'Verkaufe dein gebrauchtes Gerät',
      'Vende tu dispositivo usado',
      'Vendez votre appareil d’occasion',
      'Vendi il tuo dispositivo usato',
    ]);
    const chunks = page.performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.includes('/chunks/locale-'))
      .map((path) => path.split('/').pop().split('-')[1])
      .toSorted();
    expect(chunks).to.deep.equal(['de', 'es', 'fr', 'it']);
  });

  it('adds no global of its own to the page', async () => {
    const bare = await openPage('/widget/test/browser/blank.html');
    const before = new Set(Object.getOwnPropertyNames(bare));
    const script = bare.document.createElement('script');
    const loaded = new Promise((resolve) => script.addEventListener('load', resolve));
    script.src = '/widget/tradein-widget.js';
    bare.document.head.append(script);
    await loaded;
    // The classic script imports the module build; the definition follows.
    await bare.customElements.whenDefined('tradein-widget');
    const added = Object.getOwnPropertyNames(bare).filter((name) => !before.has(name));
    // Two libraries keep state under one well-known key that every copy of them on a page
    // shares: zod its settings, nanostores its change counter (so stores of separate copies stay
    // consistent). Nothing of the widget's own.
    expect(added.toSorted()).to.deep.equal(['__zod_globalConfig', 'nanostoresGlobal']);
  });
});
