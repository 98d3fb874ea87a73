import { expect } from './expect.js';
import {
  labelOf,
  nextReady,
  recordConsoleErrors,
  waitFor,
  whenAlert,
  whenShown,
  widgetFromMarkup,
} from './helpers.js';

/** Waits for the first console error, then lets any further (unwanted) ones arrive. */
async function settle(errors) {
  await waitFor(() => errors.calls.length > 0, 'a console error');
  await new Promise((resolve) => setTimeout(resolve, 50));
}

afterEach(() => {
  document.body.replaceChildren();
  document.querySelectorAll('style[data-test]').forEach((style) => style.remove());
});

const firstScreen = {
  at: ['Verkaufe dein gebrauchtes Gerät', 'Welches Gerät möchtest du verkaufen?'],
  de: ['Verkaufe dein gebrauchtes Gerät', 'Welches Gerät möchtest du verkaufen?'],
  es: ['Vende tu dispositivo usado', '¿Qué dispositivo quieres vender?'],
  fr: ['Vendez votre appareil d’occasion', 'Quel appareil souhaitez-vous vendre ?'],
  it: ['Vendi il tuo dispositivo usato', 'Quale dispositivo vuoi vendere?'],
};

describe('the built <tradein-widget>', () => {
  it('is defined by the classic script with an open shadow root', async () => {
    // The classic script imports the module build, so the definition follows it shortly.
    const Widget = await customElements.whenDefined('tradein-widget');
    expect(Widget, 'the element is not defined').to.be.ok;
    const element = document.createElement('tradein-widget');
    expect(element instanceof Widget, 'createElement does not upgrade').to.be.ok;
    expect(element.shadowRoot?.mode).to.equal('open');
  });

  for (const [edition, [heading, label]] of Object.entries(firstScreen)) {
    it(`renders the first screen of edition ${edition} in its language`, async () => {
      const element = widgetFromMarkup(`edition="${edition}"`);
      const ready = nextReady(element);
      document.body.append(element);
      expect(await ready).to.deep.equal({ edition, mode: 'default' });
      const root = await whenShown(element);
      expect(root.querySelector('h2').textContent).to.equal(heading);
      const input = root.querySelector('input[role="combobox"]');
      expect(input, 'no combobox input').to.be.ok;
      expect(input.getAttribute('aria-expanded')).to.equal('false');
      expect(labelOf(root, input)).to.equal(label);
      expect(root.querySelector('[role="alert"]')).to.equal(null);
    });
  }

  it('dispatches tradein:ready bubbling and composed, once', async () => {
    const seen = [];
    const listener = (event) => seen.push([event.composed, event.bubbles, event.detail]);
    document.addEventListener('tradein:ready', listener);
    try {
      const element = widgetFromMarkup('edition="de" mode="b2bWidget" partner="acme"');
      document.body.append(element);
      await whenShown(element);
      element.setAttribute('category', 'smartphones');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).to.deep.equal([[true, true, { edition: 'de', mode: 'b2bWidget' }]]);
    } finally {
      document.removeEventListener('tradein:ready', listener);
    }
  });

  it('shows a localized alert and logs exactly one console error for invalid attributes', async () => {
    const errors = recordConsoleErrors();
    try {
      const element = widgetFromMarkup('edition="es" mode="shop" partner="no spaces"');
      document.body.append(element);
      const alert = await whenAlert(element);
      expect(alert.textContent).to.include('El widget de recompra no puede iniciarse.');
      expect(alert.textContent).to.include('«shop» no es un valor válido para el atributo «mode».');
      expect(alert.textContent).to.include(
        '«no spaces» no es un valor válido para el atributo «partner».',
      );
      expect(element.shadowRoot.querySelector('h2')).to.equal(null);
      await settle(errors);
      expect(errors.calls.length, 'console.error calls').to.equal(1);
      expect(errors.calls[0]).to.include('attribute "mode" has the invalid value "shop"');
    } finally {
      errors.restore();
    }
  });

  it('speaks English in the alert when the edition itself is invalid', async () => {
    const errors = recordConsoleErrors();
    try {
      const element = widgetFromMarkup('edition="uk"');
      document.body.append(element);
      const alert = await whenAlert(element);
      expect(alert.textContent).to.include(
        '“uk” is not a valid value for the attribute “edition”.',
      );
      expect(alert.textContent).to.include('Allowed values: at, de, es, fr, it.');
      await settle(errors);
      expect(errors.calls.length, 'console.error calls').to.equal(1);
    } finally {
      errors.restore();
    }
  });

  it('speaks the page language in the alert when the edition is missing', async () => {
    const errors = recordConsoleErrors();
    try {
      const section = document.createElement('div');
      section.lang = 'fr-CH';
      document.body.append(section);
      const element = widgetFromMarkup('');
      section.append(element);
      const alert = await whenAlert(element);
      expect(alert.textContent).to.include('L’attribut « edition » est manquant.');
      await settle(errors);
      expect(errors.calls.length, 'console.error calls').to.equal(1);
    } finally {
      errors.restore();
    }
  });

  for (const edition of ['at', 'es', 'fr', 'it']) {
    it(`rejects mode b2bWidget in edition ${edition}`, async () => {
      const errors = recordConsoleErrors();
      try {
        const element = widgetFromMarkup(`edition="${edition}" mode="b2bWidget"`);
        document.body.append(element);
        await whenAlert(element);
        expect(element.shadowRoot.querySelector('input')).to.equal(null);
        await settle(errors);
        expect(errors.calls.length, 'console.error calls').to.equal(1);
        expect(errors.calls[0]).to.include('needs an edition with B2B');
      } finally {
        errors.restore();
      }
    });
  }

  it('keeps two elements independent', async () => {
    const german = widgetFromMarkup('edition="de"');
    const french = widgetFromMarkup('edition="fr"');
    document.body.append(german, french);
    const germanRoot = await whenShown(german);
    const frenchRoot = await whenShown(french);
    germanRoot.querySelector('input').value = 'iPhone';
    expect(frenchRoot.querySelector('input').value).to.equal('');
    expect(frenchRoot.querySelector('h2').textContent).to.equal(firstScreen.fr[0]);

    const errors = recordConsoleErrors();
    try {
      german.setAttribute('edition', 'xx');
      await whenAlert(german);
      await settle(errors);
      expect(frenchRoot.querySelector('[role="alert"]')).to.equal(null);
      expect(frenchRoot.querySelector('h2').textContent).to.equal(firstScreen.fr[0]);
      expect(errors.calls.length, 'console.error calls').to.equal(1);
    } finally {
      errors.restore();
    }
  });

  it('renders again after being removed and re-added', async () => {
    const element = widgetFromMarkup('edition="it"');
    document.body.append(element);
    await whenShown(element);
    element.remove();
    await waitFor(() => element.shadowRoot.querySelector('h2') === null, 'the unmount');
    const ready = nextReady(element);
    document.body.append(element);
    expect(await ready).to.deep.equal({ edition: 'it', mode: 'default' });
    const root = await whenShown(element);
    expect(root.querySelectorAll('h2').length).to.equal(1);
    expect(root.querySelector('h2').textContent).to.equal(firstScreen.it[0]);
  });

  it('shows the alert when a required attribute is removed, and recovers', async () => {
    const errors = recordConsoleErrors();
    try {
      const element = widgetFromMarkup('edition="de"');
      document.body.append(element);
      await whenShown(element);
      element.removeAttribute('edition');
      // Without an edition the element follows the page language (none here: English).
      await waitFor(
        () => element.shadowRoot.textContent.includes('The attribute “edition” is missing.'),
        'the English alert',
      );
      await settle(errors);
      element.setAttribute('edition', 'es');
      const root = await whenShown(element);
      expect(root.querySelector('h2').textContent).to.equal(firstScreen.es[0]);
      expect(errors.calls.length, 'console.error calls').to.equal(1);
    } finally {
      errors.restore();
    }
  });

  it('survives its script being loaded twice', async () => {
    const Widget = customElements.get('tradein-widget');
    const failures = [];
    const onError = (event) => failures.push(event.message);
    window.addEventListener('error', onError);
    try {
      const again = document.createElement('script');
      const loaded = new Promise((resolve, reject) => {
        again.addEventListener('load', resolve);
        again.addEventListener('error', reject);
      });
      again.src = '/widget/dist/tradein-widget.js?again';
      document.head.append(again);
      await loaded;
      again.remove();
    } finally {
      window.removeEventListener('error', onError);
    }
    expect(failures).to.deep.equal([]);
    expect(customElements.get('tradein-widget')).to.equal(Widget);
    const element = widgetFromMarkup('edition="de"');
    document.body.append(element);
    await whenShown(element);
  });

  it('styles only through adopted stylesheets, without style elements or attributes', async () => {
    const element = widgetFromMarkup('edition="de"');
    document.body.append(element);
    const root = await whenShown(element);
    expect(root.adoptedStyleSheets.length).to.equal(1);
    expect(root.querySelectorAll('style, link, [style]').length).to.equal(0);
    expect(document.querySelectorAll('style, [style]').length).to.equal(0);
    expect(document.adoptedStyleSheets.length).to.equal(0);
  });

  it('exposes theming through --tradein-* custom properties and parts', async () => {
    const element = widgetFromMarkup('edition="de"');
    element.style.setProperty('--tradein-color-text', 'rgb(1, 2, 3)');
    document.body.append(element);
    const root = await whenShown(element);
    expect(getComputedStyle(root.querySelector('h2')).color).to.equal('rgb(1, 2, 3)');
    expect(
      [...root.querySelectorAll('[part]')].map((node) => node.getAttribute('part')),
    ).to.deep.equal(['root', 'heading', 'search', 'label', 'input', 'hint', 'results', 'button']);
  });

  it('keeps its look on a page with aggressive global CSS', async () => {
    const element = widgetFromMarkup('edition="de"');
    document.body.append(element);
    const root = await whenShown(element);
    const probes = ['section', 'h2', 'label', 'input', '.hint'];
    const properties = [
      'display',
      'font-family',
      'font-size',
      'font-weight',
      'line-height',
      'color',
      'letter-spacing',
      'padding-top',
      'border-top-width',
    ];
    const snapshot = () =>
      probes.map((selector) => {
        const style = getComputedStyle(root.querySelector(selector));
        return [selector, ...properties.map((name) => style.getPropertyValue(name))];
      });
    const before = snapshot();
    expect(getComputedStyle(element).display).to.equal('block');

    const hostile = document.createElement('style');
    hostile.dataset.test = 'hostile';
    hostile.textContent = `
      * { all: unset; }
      html { font-size: 10px; color: #f0f; line-height: 4; letter-spacing: 3px; font-family: cursive; }
      input, h2, label, section { display: none !important; }
      tradein-widget { font-size: 40px; color: lime; display: inline; }
    `;
    document.head.append(hostile);
    expect(snapshot(), 'computed styles changed').to.deep.equal(before);
    expect(getComputedStyle(element).display).to.equal('block');
  });

  it('has no accessibility violations inside the shadow root', async () => {
    const valid = widgetFromMarkup('edition="fr"');
    document.body.append(valid);
    await whenShown(valid);
    const errors = recordConsoleErrors();
    try {
      const invalid = widgetFromMarkup('edition="de" mode="b2b"');
      document.body.append(invalid);
      await whenAlert(invalid);
    } finally {
      errors.restore();
    }
    const results = await window.axe.run(document.body, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    });
    // The test page itself has no <h1>, landmarks or title: judge only the elements' content.
    const inShadow = results.violations
      .map((violation) => ({
        id: violation.id,
        nodes: violation.nodes.filter((node) => Array.isArray(node.target[0])),
      }))
      .filter((violation) => violation.nodes.length > 0);
    expect(inShadow).to.deep.equal([]);
    expect(
      results.passes.some((pass) => pass.nodes.some((node) => Array.isArray(node.target[0]))),
      'axe did not look inside the shadow roots',
    ).to.be.ok;
  });
});
