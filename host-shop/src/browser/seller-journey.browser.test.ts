import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  berlinAddress,
  chosenAnswer,
  fillGuestCheckout,
  hydrated,
  mailedTo,
  phone,
  photograph,
  questionShown,
  routerSettled,
  travel,
  useShopBrowser,
  widgetShows,
} from './browser-kit.ts';

/*
 * A new seller's whole visit on a phone, in the German and the French shop: two devices (a
 * 256 GB variant chosen in the search), back and forward at every step, an answer changed from
 * the cart, a guest checkout, the thank-you page, the mailed links and the status page. Each step
 * is photographed at 360 and 1280 px into `host-shop/test-output/seller-journey/` for review.
 */

const shop = useShopBrowser();
const screenshots = join(import.meta.dirname, '../../test-output/seller-journey');

interface Edition {
  code: 'de' | 'fr';
  host: string;
  search: { typo: string; model: RegExp; second: string; secondModel: RegExp };
  questionCount: (number: number) => string;
  texts: {
    addToCart: string;
    updateCart: string;
    sellAnother: string;
    toCheckout: string;
    showOffer: string;
    next: string;
    storage: string;
    changeAnswersFor: (name: string) => string;
  };
  address: Record<string, string>;
  iban: string;
}

const editions: Edition[] = [
  {
    code: 'de',
    host: 'localhost',
    search: {
      typo: 'iphon 13',
      model: /^Apple iPhone 13 256 GB$/,
      second: 'galaxy s23',
      secondModel: /^Samsung Galaxy S23 256 GB$/,
    },
    questionCount: (number) => `Frage ${number} von `,
    texts: {
      addToCart: 'In den Warenkorb',
      updateCart: 'Warenkorb aktualisieren',
      sellAnother: 'Weiteres Gerät verkaufen',
      toCheckout: 'Zur Kasse',
      showOffer: 'Mein Angebot anzeigen',
      next: 'Weiter',
      storage: 'Speicher',
      changeAnswersFor: (name) => `Antworten ändern: ${name}`,
    },
    address: berlinAddress,
    iban: 'DE89370400440532013000',
  },
  {
    code: 'fr',
    host: 'fr.localhost',
    search: {
      typo: 'iphon 13',
      model: /^Apple iPhone 13 256 GB$/,
      second: 'galaxy s23',
      secondModel: /^Samsung Galaxy S23 256 GB$/,
    },
    questionCount: (number) => `Question ${number} sur `,
    texts: {
      addToCart: 'Ajouter au panier',
      updateCart: 'Mettre à jour le panier',
      sellAnother: 'Vendre un autre appareil',
      toCheckout: 'Passer à la caisse',
      showOffer: 'Voir mon offre',
      next: 'Suivant',
      storage: 'Stockage',
      changeAnswersFor: (name) => `Modifier les réponses pour ${name}`,
    },
    address: { street: '12 rue de Rivoli', zip: '75001', city: 'Paris' },
    iban: 'FR1420041010050500013M02606',
  },
];

/** The element named `name` with an ARIA role, found as a screen reader finds it (shadow roots included). */
async function byRole(page: Page, role: string, name: string): Promise<ElementHandle<Element>> {
  const handle = await page.waitForSelector(`::-p-aria([name="${name}"][role="${role}"])`, {
    timeout: 15_000,
  });
  if (handle === null) throw new Error(`no ${role} named ${name}`);
  return handle;
}

async function press(page: Page, role: string, name: string): Promise<void> {
  await routerSettled(page);
  await (await byRole(page, role, name)).click();
}

/** Runs `script` on the widget's shadow root (passed as a handle: no code is evaluated as text). */
async function inWidget<T>(page: Page, script: (root: ShadowRoot) => T): Promise<Awaited<T>> {
  const root = await page.evaluateHandle(() => {
    const shadow = document.querySelector('tradein-widget')?.shadowRoot;
    if (!shadow) throw new Error('no widget on the page');
    return shadow;
  });
  try {
    return (await root.evaluate(script)) as Awaited<T>;
  } finally {
    await root.dispose();
  }
}

async function atQuestion(page: Page, edition: Edition, number: number): Promise<void> {
  await questionShown(page, edition.questionCount(number));
}

const questionTotal = (page: Page) =>
  inWidget(page, (root) => root.querySelectorAll('.question-step').length);

/** Chooses answer `index` (from the end when negative) of the question on view; its label. */
async function choose(page: Page, index: number): Promise<string> {
  await widgetShows(page, 'input[type="radio"]');
  const radios = await page.$$('tradein-widget >>> input[type="radio"]');
  const radio = radios.at(index);
  if (radio === undefined) throw new Error(`no answer ${index}`);
  // A tap lands where the card is drawn: once the page of the last step has loaded, the content
  // above the widget no longer moves it (a tap during that shift hit another answer).
  await routerSettled(page);
  // The radio is drawn as a card: its label takes the tap.
  await radio.evaluate((input) => input.closest('label')?.scrollIntoView({ block: 'center' }));
  const label = await radio.evaluateHandle((input) => input.closest('label') as HTMLLabelElement);
  await (label as ElementHandle<HTMLLabelElement>).click();
  await page.waitForFunction((input) => (input as HTMLInputElement).checked, {}, radio);
  return chosenAnswer(page);
}

/** Goes on from the question on view (Next, or the offer after the last question). */
async function goOn(page: Page, edition: Edition, last: boolean): Promise<void> {
  await press(page, 'button', last ? edition.texts.showOffer : edition.texts.next);
}

/** The device names the cart shows, in order. */
const cartNames = (page: Page) =>
  inWidget(page, (root) =>
    [...root.querySelectorAll('.cart-line-name')].map(
      (element) => element.textContent?.trim() ?? '',
    ),
  );

/** The count the shop's header shows beside its cart link ('' without one). */
const headerCount = (page: Page) =>
  page.evaluate(
    () => document.querySelector('header .cart-link__count')?.textContent?.trim() ?? '',
  );

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** Answers every question of the device on view (answer `pick` each) and waits for the offer. */
async function answerAll(page: Page, edition: Edition, pick: number): Promise<string[]> {
  await atQuestion(page, edition, 1);
  const total = await questionTotal(page);
  const answers: string[] = [];
  for (let number = 1; number <= total; number += 1) {
    await atQuestion(page, edition, number);
    answers.push(await choose(page, pick));
    await goOn(page, edition, number === total);
  }
  await widgetShows(page, '.offer-price');
  return answers;
}

/** Chooses the variant chip of a model in the search results, as a thumb does. */
async function searchAndChoose(page: Page, query: string, option: RegExp): Promise<void> {
  const box = await page.waitForSelector('::-p-aria([role="combobox"])');
  await box?.click({ count: 3 });
  await page.keyboard.press('Backspace');
  await page.keyboard.type(query);
  const options = await page.waitForFunction(
    (source: string, flags: string) => {
      const pattern = new RegExp(source, flags);
      const root = document.querySelector('tradein-widget')?.shadowRoot;
      return [...(root?.querySelectorAll('[role="option"]') ?? [])].find((element) =>
        pattern.test(element.textContent?.replace(/\s+/g, ' ').trim() ?? ''),
      );
    },
    { timeout: 15_000 },
    option.source,
    option.flags,
  );
  await (options as ElementHandle<Element>).click();
}

describe.each(editions)('a new seller on a phone in the $code shop', (edition) => {
  it('sells two devices, goes back and forward, changes an answer, checks out as a guest and follows the mails', async () => {
    expect.hasAssertions();
    const page = await shop.newPage(360);
    try {
      await journey(page, edition);
    } catch (error) {
      // The page as it was when a step failed, for whoever reads the failure.
      await mkdir(screenshots, { recursive: true });
      await page.screenshot({
        path: join(screenshots, `${edition.code}-failed.png`),
        fullPage: true,
      });
      throw error;
    } finally {
      await page.close();
    }
  }, 240_000);
});

/** The seller's visit, step by step. */
async function journey(page: Page, edition: Edition): Promise<void> {
  await page.setViewport(phone);
  const origin = shop.url(edition.host, '');
  await page.goto(`${origin}/`);
  await hydrated(page);
  await photograph(page, screenshots, `${edition.code}-01-home`);
  await expectNoAxeViolations(page);

  // 1. The search (with a typo) lists the model's storage sizes; the seller takes 256 GB.
  await searchAndChoose(page, edition.search.typo, edition.search.model);
  await atQuestion(page, edition, 1);
  await page.waitForFunction(() => location.pathname !== '/');
  expect(new URL(page.url()).pathname).toMatch(/256/);
  const storage = await byRole(page, 'combobox', edition.texts.storage);
  expect(
    await storage.evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.text),
  ).toMatch(/256 GB/);
  await photograph(page, screenshots, `${edition.code}-02-question`);
  await expectNoAxeViolations(page);

  // 2. Two questions, back and forward: the answers stay.
  const first = await choose(page, 0);
  await goOn(page, edition, false);
  await atQuestion(page, edition, 2);
  const second = await choose(page, 0);
  await goOn(page, edition, false);
  await atQuestion(page, edition, 3);
  await travel(page, -1);
  await atQuestion(page, edition, 2);
  expect(await chosenAnswer(page)).toBe(second);
  await travel(page, -1);
  await atQuestion(page, edition, 1);
  expect(await chosenAnswer(page)).toBe(first);
  await travel(page, 1);
  await travel(page, 1);
  await atQuestion(page, edition, 3);

  // 3. The remaining questions, then the offer names the device, its variant and the answers.
  const total = await questionTotal(page);
  for (let number = 3; number <= total; number += 1) {
    await atQuestion(page, edition, number);
    await choose(page, 0);
    await goOn(page, edition, number === total);
  }
  await widgetShows(page, '.offer-price');
  await widgetShows(page, '.offer', '256 GB');
  await photograph(page, screenshots, `${edition.code}-03-offer`);
  await expectNoAxeViolations(page);
  // Back at the offer: the last question, answered; forward: the offer again.
  await travel(page, -1);
  await atQuestion(page, edition, total);
  expect(await chosenAnswer(page)).not.toBe('');
  await travel(page, 1);
  await widgetShows(page, '.offer-price');

  // 4. "Sell another device" keeps the offer in the cart and says so; the header counts it.
  await press(page, 'button', edition.texts.sellAnother);
  await page.waitForSelector('::-p-aria([role="combobox"])');
  await widgetShows(page, '[role="status"], output', 'iPhone 13');
  await page.waitForFunction(
    () => document.querySelector('header .cart-link__count')?.textContent?.trim() === '1',
  );
  await photograph(page, screenshots, `${edition.code}-04-sell-another`);
  await expectNoAxeViolations(page);
  // Back shows the offer (still in the cart), forward the search again.
  await travel(page, -1);
  await widgetShows(page, '.offer-price');
  await travel(page, 1);
  await page.waitForSelector('::-p-aria([role="combobox"])');

  // 5. The second device, 256 GB too, into the cart.
  await searchAndChoose(page, edition.search.second, edition.search.secondModel);
  await answerAll(page, edition, 0);
  await press(page, 'button', edition.texts.addToCart);
  await widgetShows(page, '#tradein-cart-heading');
  expect(await headerCount(page)).toContain('2');
  const names = await cartNames(page);
  expect(names).toHaveLength(2);
  expect(names[0]).toMatch(/iPhone 13 256 GB/);
  expect(names[1]).toMatch(/Galaxy S23 256 GB/);
  const totalBefore = await inWidget(
    page,
    (root) => root.querySelector('.cart-total')?.textContent ?? '',
  );
  await photograph(page, screenshots, `${edition.code}-05-cart`);
  await expectNoAxeViolations(page);

  // 6. An answer changed from the cart: the iPhone's line is replaced in place.
  await press(page, 'button', edition.texts.changeAnswersFor(names[0] ?? ''));
  await atQuestion(page, edition, 1);
  expect(await chosenAnswer(page)).toBe(first);
  const changed = await choose(page, -1);
  expect(changed).not.toBe(first);
  for (let number = 1; number <= total; number += 1) {
    await atQuestion(page, edition, number);
    await goOn(page, edition, number === total);
  }
  await widgetShows(page, '.offer-price');
  await press(page, 'button', edition.texts.updateCart);
  await widgetShows(page, '#tradein-cart-heading');
  expect(await cartNames(page)).toEqual(names);
  expect(
    await inWidget(page, (root) => root.querySelector('.cart-total')?.textContent ?? ''),
  ).not.toBe(totalBefore);
  await widgetShows(page, '.cart-line', changed);
  // Back and forward at the cart keep it.
  await travel(page, -1);
  await widgetShows(page, '.offer-price');
  await travel(page, 1);
  await widgetShows(page, '#tradein-cart-heading');
  expect(await cartNames(page)).toEqual(names);

  // 7. The guest checkout, the address as the country writes it.
  await press(page, 'button', edition.texts.toCheckout);
  await widgetShows(page, '#tradein-checkout-heading');
  const email = `journey-${edition.code}@example.org`;
  await fillGuestCheckout(page, {
    email,
    firstName: 'Camille',
    lastName: 'Martin',
    ...edition.address,
    accountHolder: 'Camille Martin',
    iban: edition.iban,
  });
  // One address line where the country writes the number in the street's line (fr).
  expect(
    await inWidget(page, (root) => root.getElementById('tradein-checkout-houseNumber') !== null),
  ).toBe('houseNumber' in edition.address);
  await photograph(page, screenshots, `${edition.code}-06-checkout`);
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await inWidget(page, (root) =>
    root.querySelector<HTMLButtonElement>('button[type="submit"]')?.click(),
  );

  // 8. The thank-you page opens at its top, the trade number in view.
  await widgetShows(page, '.thanks-number');
  await page.waitForFunction(() => window.scrollY === 0);
  const tradeNumber = await inWidget(
    page,
    (root) => root.querySelector('.thanks-number')?.textContent?.trim() ?? '',
  );
  expect(tradeNumber).toMatch(/^T-\d{4}-\d+$/);
  const numberTop = await inWidget(
    page,
    (root) => root.querySelector('.thanks-number')?.getBoundingClientRect().top ?? -1,
  );
  expect(numberTop).toBeGreaterThanOrEqual(0);
  expect(numberTop).toBeLessThan(phone.height);
  expect(await headerCount(page)).toBe('');
  await photograph(page, screenshots, `${edition.code}-07-thank-you`);
  await expectNoAxeViolations(page);
  // Back from it shows the trade, not an empty checkout; forward the thank-you page again.
  await travel(page, -1);
  await widgetShows(page, '.thanks-number', tradeNumber);
  await travel(page, 1);
  await widgetShows(page, '.thanks-number', tradeNumber);

  // 9. The confirmation mail: every link opens the seller's own edition.
  const mail = await mailedTo(shop, email, 'trade-confirmation');
  expect(mail.text).toContain(tradeNumber);
  const links = [...mail.text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((match) => match[0]);
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.startsWith(`${origin}/`)).toBe(true);
  const statusLink = links.find((link) => new URL(link).pathname === '/trade/status');
  expect(statusLink).toBeDefined();
  // Each link opens: the shop's pages in the seller's language.
  const opened: { link: string; status: number | undefined; lang: string | null }[] = [];
  for (const link of new Set(links)) {
    const response = await page.goto(link);
    const html = response?.headers()['content-type']?.startsWith('text/html') === true;
    const lang = html ? await page.evaluate(() => document.documentElement.lang) : null;
    opened.push({ link, status: response?.status(), lang });
  }
  expect(opened.filter((each) => each.status !== 200)).toEqual([]);
  expect(opened.filter((each) => each.lang !== null && each.lang !== edition.code)).toEqual([]);
  expect(opened.filter((each) => each.lang !== null).length).toBeGreaterThan(0);

  // 10. The guest follows the trade without an account.
  await page.goto(statusLink ?? '');
  await page.waitForFunction(
    (number: string) => document.body.textContent?.includes(number) === true,
    {},
    tradeNumber,
  );
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(edition.code);
  await photograph(page, screenshots, `${edition.code}-08-status`);
  await expectNoAxeViolations(page);
}
