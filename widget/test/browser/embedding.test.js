// How frameworks and page scripts embed the element: attributes set one at a time, properties
// set before the script has defined the element.
import { expect } from './expect.js';
import { recordConsoleErrors, tradeApiOrigin, waitFor, whenShown } from './helpers.js';

afterEach(() => {
  document.body.replaceChildren();
});

/** Lets any late console error or render arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('embedding <tradein-widget>', () => {
  it('reports nothing while a framework sets the attributes one at a time', async () => {
    const errors = recordConsoleErrors();
    try {
      // As React and Vue do for <tradein-widget mode="default" partner="acme" edition="de">:
      // the element is created and attached, then its attributes follow in written order.
      const element = document.createElement('tradein-widget');
      document.body.append(element);
      element.setAttribute('mode', 'default');
      element.setAttribute('partner', 'acme');
      element.setAttribute('edition', 'de');
      const root = await whenShown(element);
      expect(root.querySelector('h2').textContent).to.equal('Verkaufe dein gebrauchtes Gerät');
      await settle();
      expect(errors.calls).to.deep.equal([]);
      expect(root.querySelector('[role="alert"]')).to.equal(null);
    } finally {
      errors.restore();
    }
  });

  it('takes its configuration from properties, which stand for the attributes', async () => {
    const errors = recordConsoleErrors();
    try {
      const element = document.createElement('tradein-widget');
      document.body.append(element);
      element.mode = 'default';
      element.apiBase = tradeApiOrigin();
      element.edition = 'it';
      const root = await whenShown(element);
      expect(root.querySelector('h2').textContent).to.equal('Vendi il tuo dispositivo usato');
      expect(element.getAttribute('api-base')).to.equal(tradeApiOrigin());
      element.edition = undefined;
      expect(element.hasAttribute('edition')).to.equal(false);
      await waitFor(
        () => root.textContent.includes('The attribute “edition” is missing.'),
        'the alert for the removed edition',
      );
      await settle();
      expect(errors.calls.length, 'console.error calls').to.equal(1);
    } finally {
      errors.restore();
    }
  });

  it('applies properties set before its script defined it', async () => {
    const frame = document.createElement('iframe');
    frame.srcdoc = '<!doctype html><html><body><tradein-widget></tradein-widget></body></html>';
    const loaded = new Promise((resolve) =>
      frame.addEventListener('load', resolve, { once: true }),
    );
    document.body.append(frame);
    await loaded;
    const page = frame.contentDocument;
    const errors = [];
    frame.contentWindow.console.error = (...args) => errors.push(args.map(String).join(' '));
    const element = page.querySelector('tradein-widget');
    // A framework that sets properties while the script is still on its way.
    element.edition = 'fr';
    element.apiBase = tradeApiOrigin();
    expect(frame.contentWindow.customElements.get('tradein-widget')).to.equal(undefined);

    const script = page.createElement('script');
    script.src = '/widget/dist/tradein-widget.js';
    page.head.append(script);
    await frame.contentWindow.customElements.whenDefined('tradein-widget');

    const root = await whenShown(element);
    expect(root.querySelector('h2').textContent).to.equal('Vendez votre appareil d’occasion');
    expect(Object.hasOwn(element, 'edition'), 'the own property still hides the accessor').to.equal(
      false,
    );
    expect(element.getAttribute('edition')).to.equal('fr');
    expect(element.getAttribute('api-base')).to.equal(tradeApiOrigin());
    await settle();
    expect(errors).to.deep.equal([]);
  });
});
