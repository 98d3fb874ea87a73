// The B2B mode addresses companies formally ("Sie"): the element in mode b2bWidget speaks from
// the formal German catalogs, its first screen and the screens loaded later alike; the consumer
// mode keeps "du".
import { expect } from './expect.js';
import { labelOf, tradeApiOrigin, waitFor, whenShown, widgetFromMarkup } from './helpers.js';

/** Informal words of German: the pronouns of "du" and "ihr" and the imperatives the catalogs use. */
const informal =
  /(?<![\p{L}\p{N}])(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|gib|wähle|schick|schicke|schreib|prüfe|nimm|melde dich|möchtest|hast|kannst)(?![\p{L}\p{N}])/giu;

/** The readable text of a shadow root: its text, labels and placeholders. */
function readable(root) {
  const labels = [...root.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap(
    (element) => [
      element.getAttribute('aria-label'),
      element.getAttribute('placeholder'),
      element.getAttribute('title'),
    ],
  );
  return [...root.children]
    .filter((child) => child.localName !== 'style')
    .map((child) => child.textContent)
    .concat(labels.filter(Boolean))
    .join(' ');
}

async function germanElement(mode) {
  const element = widgetFromMarkup(
    `edition="de" ${mode ? `mode="${mode}"` : ''} api-base="${tradeApiOrigin()}"`,
  );
  document.body.append(element);
  return { element, root: await whenShown(element) };
}

describe('formal German in the B2B mode', () => {
  afterEach(() => {
    document.body.replaceChildren();
    localStorage.clear();
  });

  it('b2bWidget: the search asks formally, and the browse screen loaded later too', async function () {
    this.timeout(20000);
    const { root } = await germanElement('b2bWidget');
    const input = root.querySelector('input[role="combobox"]');
    expect(labelOf(root, input)).to.equal('Welches Gerät möchten Sie verkaufen?');
    expect(root.querySelector('.search .hint').textContent).to.equal(
      'Geben Sie das Modell ein, zum Beispiel „iPhone 13“ oder „Galaxy S23“.',
    );
    expect(readable(root).match(informal)).to.equal(null);

    root.querySelector('.browse-link button').click();
    await waitFor(() => root.querySelector('button.tile'), 'the categories', 10000);
    expect(readable(root)).to.contain('Welche Art von Gerät möchten Sie verkaufen?');
    expect(readable(root).match(informal)).to.equal(null);
  });

  it('default: the consumer search still says "du"', async () => {
    const { root } = await germanElement(undefined);
    const input = root.querySelector('input[role="combobox"]');
    expect(labelOf(root, input)).to.equal('Welches Gerät möchtest du verkaufen?');
    expect(root.querySelector('.search .hint').textContent).to.equal(
      'Gib das Modell ein, zum Beispiel „iPhone 13“ oder „Galaxy S23“.',
    );
  });
});
