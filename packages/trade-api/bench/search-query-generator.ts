import { seededRandom } from '../src/catalogue/catalogue-id.ts';
import type { Catalogue, CatalogueDevice } from '../src/catalogue/catalogue-model.ts';

/** A generated search query and the model it was made from. */
export interface BenchmarkQuery {
  text: string;
  /** `modelKey` of the intended model. */
  modelKey: string;
  /** The clean text the query was derived from, for reports. */
  source: string;
}

const keyboardRows = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** Letters next to each letter on a QWERTY keyboard (same row and the rows above and below). */
const keyboardNeighbours: ReadonlyMap<string, string> = (() => {
  const neighbours = new Map<string, string>();
  keyboardRows.forEach((row, rowIndex) => {
    for (let column = 0; column < row.length; column += 1) {
      const near: string[] = [];
      for (const otherRow of [rowIndex - 1, rowIndex, rowIndex + 1]) {
        const keys = keyboardRows[otherRow];
        if (keys === undefined) continue;
        for (const offset of [-1, 0, 1]) {
          const key = keys[column + offset];
          if (key !== undefined && key !== row[column]) near.push(key);
        }
      }
      neighbours.set(row[column] as string, near.join(''));
    }
  });
  return neighbours;
})();

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function neighbourOf(random: () => number, letter: string): string {
  return pick(random, [...(keyboardNeighbours.get(letter) ?? letter)]);
}

/** One typical typo: deletion, keyboard-neighbour substitution, transposition or insertion. */
function applyTypo(random: () => number, word: string): string {
  const kind = Math.floor(random() * 4);
  if (kind === 0) {
    const at = Math.floor(random() * word.length);
    return word.slice(0, at) + word.slice(at + 1);
  }
  if (kind === 1) {
    const at = Math.floor(random() * word.length);
    return word.slice(0, at) + neighbourOf(random, word[at] as string) + word.slice(at + 1);
  }
  if (kind === 2) {
    const at = Math.floor(random() * (word.length - 1));
    return word.slice(0, at) + (word[at + 1] as string) + (word[at] as string) + word.slice(at + 2);
  }
  // Insertion: a neighbour of the letter before or after the gap, as a slipping finger types it.
  const at = 1 + Math.floor(random() * (word.length - 1));
  const near = word[random() < 0.5 ? at - 1 : at] as string;
  return word.slice(0, at) + neighbourOf(random, near) + word.slice(at);
}

/**
 * Words a typo or a truncation may touch: letters only, at least four of them, and not a Roman
 * numeral (`viii`, `xxiv` are model numbers like `8` and `24`, typed as carefully).
 */
function isTypoable(word: string): boolean {
  return /^[a-z]{4,}$/.test(word) && !/^[ivxl]+$/.test(word);
}

/**
 * Generates `count` queries from the catalogue: for a model picked at random, its manufacturer
 * and model words (the manufacturer dropped half of the time, a variant appended one time in
 * five), then one typo in one word (two words a third of the time) and the last word cut short
 * one time in three. Only letter-only words of four letters or more get a typo or a cut, at most
 * one typo per word; numbers (Roman ones too) and codes stay as written.
 */
export function generateQueries(
  catalogue: Catalogue,
  count: number,
  seed = 20_260_101,
): BenchmarkQuery[] {
  const random = seededRandom(seed);
  const manufacturerNames = new Map(
    catalogue.manufacturers.map((entry) => [entry.id, entry.pages.de.name]),
  );
  const variantsByModel = new Map<string, CatalogueDevice[]>();
  for (const device of catalogue.devices) {
    const list = variantsByModel.get(device.modelKey);
    if (list === undefined) variantsByModel.set(device.modelKey, [device]);
    else list.push(device);
  }
  const modelKeys = [...variantsByModel.keys()];
  const queries: BenchmarkQuery[] = [];
  while (queries.length < count) {
    const variants = variantsByModel.get(pick(random, modelKeys)) as CatalogueDevice[];
    const device = pick(random, variants);
    const manufacturer = (manufacturerNames.get(device.manufacturerId) ?? '').toLowerCase();
    let words = device.model.toLowerCase().split(/\s+/).filter(Boolean);
    if (random() >= 0.5 && manufacturer !== '' && words[0] !== manufacturer) {
      words.unshift(...manufacturer.split(/\s+/));
    }
    if (device.variant !== '' && random() < 0.2) {
      words.push(...device.variant.toLowerCase().split(/\s+/).filter(Boolean));
    }
    words = words.filter((word) => /[a-z0-9]/.test(word));
    const source = words.join(' ');
    const typoable = words.flatMap((word, index) => (isTypoable(word) ? [index] : []));
    const typoCount = Math.min(typoable.length, random() < 1 / 3 ? 2 : 1);
    for (let done = 0; done < typoCount; done += 1) {
      const at = typoable.splice(Math.floor(random() * typoable.length), 1)[0] as number;
      words[at] = applyTypo(random, words[at] as string);
    }
    const last = words.length - 1;
    const lastWord = words[last] as string;
    if (random() < 1 / 3 && isTypoable(source.split(' ')[last] ?? '') && lastWord.length > 3) {
      words[last] = lastWord.slice(0, 3 + Math.floor(random() * (lastWord.length - 3)));
    }
    queries.push({ text: words.join(' '), modelKey: device.modelKey, source });
  }
  return queries;
}
