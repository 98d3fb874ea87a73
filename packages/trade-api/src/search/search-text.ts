/**
 * Text normalisation shared by the index and the queries: both sides must split words the same
 * way, or an exact match silently becomes a miss.
 */

/**
 * Storage units joined to the number before them, French spellings folded: `128 GB`, `128gb`
 * and `128 Go` all become `128gb`. A joined word keeps `1 TB` apart from a model number `1`.
 */
const storageUnits: Readonly<Record<string, string>> = { gb: 'gb', go: 'gb', tb: 'tb', to: 'tb' };

/** Letters that NFKD does not decompose but people type as plain ASCII. */
const ligatures: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  ı: 'i',
};

/**
 * Splits text into search words: lower-case ASCII letters or digits. Diacritics are stripped,
 * `+` is the word `plus`, letter–digit boundaries split (`s21ultra` → `s 21 ultra`), and a
 * storage unit right after a number is joined to it (`128 GB` → `128gb`).
 */
export function tokenize(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđłı]/g, (letter) => ligatures[letter] ?? letter)
    .replaceAll('+', ' plus ')
    .replace(/([a-z])(?=[0-9])/g, '$1 ')
    .replace(/([0-9])(?=[a-z])/g, '$1 ');
  const words: string[] = [];
  for (const word of folded.split(/[^a-z0-9]+/)) {
    if (word === '') continue;
    const previous = words[words.length - 1];
    const unit = storageUnits[word];
    if (unit !== undefined && previous !== undefined && isNumber(previous)) {
      words[words.length - 1] = previous + unit;
    } else {
      words.push(word);
    }
  }
  return words;
}

/** Whether a word consists of digits only. */
export function isNumber(word: string): boolean {
  return /^[0-9]+$/.test(word);
}

/** Whether a word holds a digit: numbers and storage sizes are never matched fuzzily. */
export function hasDigit(word: string): boolean {
  return /[0-9]/.test(word);
}
