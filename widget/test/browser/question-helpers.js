// Helpers of the questions and offer browser tests: a real device of the seeded catalogue,
// opened at its questions, answered by keyboard, and the page checks both screens share.
// The test runner serves files without bare-specifier resolution (nodeResolve: false).
// oxlint-disable-next-line import/no-absolute-path -- a URL path on the test server, not a file path
import { sendKeys } from '/node_modules/@web/test-runner-commands/browser/commands.mjs';
import { searchApi, tradeApiOrigin, waitFor, widgetFromMarkup } from './helpers.js';

/** The url of a real device of the seeded catalogue, found through the search API. */
export async function findDeviceUrl(text, edition = 'de') {
  const hit = (await searchApi({ kind: 'deviceSearch', text }, { edition })).hits[0];
  if (hit === undefined) throw new Error(`no device found for "${text}"`);
  return hit.url;
}

/** A 360 px wide element showing `device`; resolves once its first question is on view. */
export async function openDevice(edition, deviceUrl, extraAttributes = '') {
  const frame = document.createElement('div');
  frame.className = 'frame-360';
  frame.setAttribute('style', 'width: 360px');
  const element = widgetFromMarkup(
    `edition="${edition}" device="${deviceUrl}" api-base="${tradeApiOrigin()}" ${extraAttributes}`,
  );
  frame.append(element);
  document.body.append(frame);
  await waitFor(
    () => element.shadowRoot?.querySelector('input[type="radio"]'),
    'a question',
    10000,
  );
  return { frame, element, root: element.shadowRoot };
}

/** Answers the question on view by keyboard: Space picks the first answer, then Next by Enter. */
export async function answerByKeyboard(root) {
  // After Next the new question takes the focus (for screen readers); wait for that first.
  const onFirst = root.querySelector('.question-step')?.getAttribute('aria-current') === 'step';
  if (!onFirst) {
    await waitFor(
      () => root.activeElement?.classList.contains('question-text'),
      'the focus on the new question',
    );
  }
  const first = root.querySelector('input[type="radio"]');
  first.focus();
  await sendKeys({ press: 'Space' });
  await waitFor(() => first.checked, 'the answer to be chosen');
  const next = root.querySelector('.actions [part~="primary"]');
  await waitFor(() => !next.disabled, 'Next to be enabled');
  next.focus();
  await sendKeys({ press: 'Enter' });
}

/** The button of the shadow root whose text is `name`. */
export const buttonNamed = (root, name) =>
  [...root.querySelectorAll('button')].find((button) => button.textContent.trim() === name);

/**
 * Resolves once question `number` (from 1) is the one on view. It reads the progress's steps:
 * the counter's text alone does not tell, "Frage 1 von 8" contains an 8 as well.
 */
export const waitForQuestion = (root, number) =>
  waitFor(
    () =>
      root.querySelectorAll('.question-step')[number - 1]?.getAttribute('aria-current') === 'step',
    `question ${number}`,
  );

/** Answers every condition question with its first answer and opens the offer. */
export async function answerAll(root) {
  await waitFor(() => root.querySelector('input[type="radio"]'), 'the first question', 10000);
  const total = root.querySelectorAll('.question-step').length;
  if (total === 0) throw new Error('no step indicator');
  for (let number = 1; number <= total; number += 1) {
    await waitForQuestion(root, number);
    const answer = root.querySelector('input[type="radio"]');
    answer.click();
    const next = root.querySelector('.actions [part~="primary"]');
    await waitFor(() => answer.checked && !next.disabled, 'the next button');
    next.click();
  }
  return waitFor(() => root.querySelector('.offer-price'), 'the offer', 10000);
}
