// Tracking from the element against the real trade API: nothing leaves the page until the host
// page passes the visitor's consent in `tracking-consent`; events raised before that wait, and a
// refusal drops them. Changing the attribute never restarts the flow.
import { expect } from './expect.js';
import { recordConsoleErrors, waitFor, whenAlert, widgetFromMarkup } from './helpers.js';
import { answerAll, buttonNamed, findDeviceUrl, openDevice } from './question-helpers.js';
import { clientIdCookie, forgetClientId, storedEvents } from './tracking-helpers.js';

/** Resolves once the tracking client's chunk has been fetched (it comes with the first event). */
async function trackingClientLoaded() {
  await waitFor(
    () =>
      performance
        .getEntriesByType('resource')
        .some((entry) => /\/chunks\/tracking-[\w-]+\.mjs$/.test(entry.name)),
    'the tracking client',
  );
  // Let it run: anything it would send without consent would now be on its way.
  await new Promise((resolve) => setTimeout(resolve, 200));
}

describe('tracking consent', () => {
  beforeEach(forgetClientId);
  afterEach(() => {
    document.body.replaceChildren();
    localStorage.clear();
    forgetClientId();
  });

  it('sends nothing before consent, then the event that waited, without restarting the flow', async function () {
    this.timeout(30000);
    const { element, root } = await openDevice('de', await findDeviceUrl('galaxy s21'));
    const offer = await answerAll(root);
    await trackingClientLoaded();
    expect(clientIdCookie(), 'no client id is requested before consent').to.equal(undefined);

    element.setAttribute('tracking-consent', 'granted');
    const clientId = await waitFor(clientIdCookie, 'the client id after consent');
    const events = await storedEvents(clientId, 1);
    expect(events.map((event) => event.event_name)).to.deep.equal(['offer_generated']);
    expect(events[0].payload.productName).to.include('Galaxy S21');
    expect(events[0].payload.currency).to.equal('EUR');
    expect(root.querySelector('.offer-price'), 'the same offer screen').to.equal(offer);
  });

  it('drops the events of a refusal and sends those after a later consent', async function () {
    this.timeout(30000);
    const { element, root } = await openDevice(
      'de',
      await findDeviceUrl('iphone 13'),
      'tracking-consent="denied"',
    );
    await answerAll(root);
    await trackingClientLoaded();
    expect(clientIdCookie(), 'no client id after a refusal').to.equal(undefined);

    element.setAttribute('tracking-consent', 'granted');
    buttonNamed(root, 'In den Warenkorb').click();
    const clientId = await waitFor(clientIdCookie, 'the client id after consent');
    await storedEvents(clientId, 1);
    // Wait as long again: the refused offer_generated must never follow.
    const events = await storedEvents(clientId, 2, 500);
    expect(events.map((event) => event.event_name)).to.deep.equal(['offer_add_to_cart']);
  });

  it('refuses an invalid tracking-consent with a visible, localized alert', async () => {
    const errors = recordConsoleErrors();
    try {
      const element = widgetFromMarkup('edition="fr" tracking-consent="yes"');
      document.body.append(element);
      const alert = await whenAlert(element);
      expect(alert.textContent).to.include(
        '« yes » n’est pas une valeur valide pour l’attribut « tracking-consent ».',
      );
      expect(alert.textContent).to.include('granted, denied');
      await waitFor(() => errors.calls.length > 0, 'the console error');
      expect(errors.calls[0]).to.include(
        'attribute "tracking-consent" has the invalid value "yes"',
      );
    } finally {
      errors.restore();
    }
  });
});
