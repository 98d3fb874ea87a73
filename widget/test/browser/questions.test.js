// The condition questions against the real trade API: a device opened by its url, every question
// answered by keyboard, the live price, and the offer at the end.
// The test runner serves files without bare-specifier resolution (nodeResolve: false).
// oxlint-disable-next-line import/no-absolute-path -- a URL path on the test server, not a file path
import { sendKeys } from '/node_modules/@web/test-runner-commands/browser/commands.mjs';
import { expect } from './expect.js';
import {
  shadowViolations,
  smallTargets,
  tradeApiOrigin,
  waitFor,
  widgetFromMarkup,
} from './helpers.js';
import { findDeviceUrl, openDevice, answerByKeyboard, buttonNamed } from './question-helpers.js';

describe('questions', () => {
  afterEach(() => {
    for (const frame of document.querySelectorAll('.frame-360')) frame.remove();
  });

  it('walks every question by keyboard with the step indicator, shows the price, and opens the offer', async function () {
    // Every question, the live price and the offer each go through the real API.
    this.timeout(30000);
    const url = await findDeviceUrl('iphone 13 pro');
    const { element, root } = await openDevice('de', url);
    const offers = [];
    element.addEventListener('tradein:offer', (event) => offers.push(event.detail));

    expect(root.querySelector('h2').textContent.length > 0, 'the device name').to.be.ok;
    const total = root.querySelectorAll('.question-step').length;
    expect(total > 1, 'several questions').to.be.ok;
    expect(await shadowViolations(), 'axe on the question screen').to.deep.equal([]);
    expect(smallTargets(root), 'touch targets at 360 px').to.deep.equal([]);

    for (let number = 1; number <= total; number += 1) {
      await waitFor(
        () => root.querySelector('.question-count')?.textContent === `Frage ${number} von ${total}`,
        `question ${number}`,
      );
      const current = root.querySelectorAll('.question-step[aria-current="step"]');
      expect(current.length, 'one current step').to.equal(1);
      expect([...root.querySelectorAll('.question-step')].indexOf(current[0])).to.equal(number - 1);
      expect(root.querySelector('progress').value).to.equal(number);
      expect(root.querySelector('progress').getAttribute('aria-label')).to.be.ok;
      if (number < total) {
        expect(root.querySelector('.price-preview').textContent).to.include('Beantworte alle');
      } else {
        // Answering the last question prices the full set on the server before the offer.
        await waitFor(
          () => root.activeElement?.classList.contains('question-text'),
          'the focus on the last question',
        );
        const first = root.querySelector('input[type="radio"]');
        first.focus();
        await sendKeys({ press: 'Space' });
        await waitFor(
          () => root.querySelector('.price-preview-amount')?.textContent.endsWith('€'),
          'the price preview',
          10000,
        );
        const submit = root.querySelector('.actions [part~="primary"]');
        submit.focus();
        await sendKeys({ press: 'Enter' });
        continue;
      }
      await answerByKeyboard(root);
    }

    await waitFor(() => offers.length === 1, 'tradein:offer', 10000);
    expect(typeof offers[0].offerId).to.equal('string');
    const price = await waitFor(() => root.querySelector('.offer-price'), 'the offer', 10000);
    expect(
      /^[\d.]+,\d\d €$/.test(price.textContent.replace(/\s/g, ' ')),
      price.textContent,
    ).to.equal(true);
  });

  it('folds the conditions video with German captions under a link where the edition has one', async function () {
    this.timeout(20000);
    const url = await findDeviceUrl('galaxy s21');
    const { root } = await openDevice('at', url);
    const details = root.querySelector('details.conditions-video');
    const summary = details.querySelector('summary');
    expect(summary.textContent).to.equal('Video: So schätzt du den Zustand ein (0:28)');
    expect(root.querySelector('video'), 'nothing is loaded before the seller asks').to.equal(null);
    expect(summary.getBoundingClientRect().height >= 44, 'a 44 px target').to.be.ok;

    summary.focus();
    await sendKeys({ press: 'Enter' });
    const video = await waitFor(() => root.querySelector('video'), 'the player');
    expect(video.controls).to.equal(true);
    expect(new URL(video.currentSrc || video.src).pathname).to.match(
      /\/widget\/dist\/assets\/conditions-de-[\w-]+\.webm$/,
    );
    await waitFor(() => video.readyState >= 1, 'the video metadata', 10000);
    expect(Math.round(video.duration)).to.equal(28);
    const track = video.textTracks[0];
    expect([track.kind, track.language, track.label]).to.deep.equal(['captions', 'de', 'Deutsch']);
    await waitFor(() => track.cues?.length === 7, 'the captions', 10000);
    expect(track.cues[1].text).to.equal('Neu: Originalverpackt und unbenutzt.');
    expect(await shadowViolations(), 'axe with the video open').to.deep.equal([]);
  });

  it('shows no conditions video where the edition has none', async () => {
    const url = await findDeviceUrl('galaxy s21', 'fr');
    const { root } = await openDevice('fr', url);
    expect(root.querySelector('.conditions-video')).to.equal(null);
  });

  it('keeps the answers when going back', async () => {
    const url = await findDeviceUrl('iphone 13 pro');
    const { root } = await openDevice('de', url);
    const second = root.querySelectorAll('input[type="radio"]')[1];
    second.click();
    await answerByKeyboard(root); // the first answer again, by keyboard: the later choice wins
    await waitFor(
      () => root.querySelector('.question-count')?.textContent.startsWith('Frage 2'),
      'question 2',
    );
    buttonNamed(root, 'Zurück').click();
    await waitFor(
      () => root.querySelector('.question-count')?.textContent.startsWith('Frage 1'),
      'question 1',
    );
    const checked = [...root.querySelectorAll('input[type="radio"]')].findIndex(
      (input) => input.checked,
    );
    expect(checked, 'the answer given before').to.equal(0);
  });

  it('says clearly when the device does not exist and leads back to the search', async () => {
    const frame = document.createElement('div');
    frame.className = 'frame-360';
    const element = widgetFromMarkup(
      `edition="fr" device="no-such-device-anywhere" api-base="${tradeApiOrigin()}"`,
    );
    frame.append(element);
    document.body.append(frame);
    const alert = await waitFor(
      () => element.shadowRoot?.querySelector('[role="alert"]'),
      'the alert',
      10000,
    );
    expect(alert.textContent).to.include('Nous n’avons pas trouvé cet appareil.');
    alert.querySelector('button').click();
    await waitFor(
      () => element.shadowRoot.querySelector('input:not([type="radio"])'),
      'the search',
    );
  });
});
