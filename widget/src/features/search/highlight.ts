/** A piece of a device name: `match` pieces are the parts the query found. */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

/** Folds one character the way the search does: no accents, lower case (`É` → `e`). */
function foldCharacter(character: string): string {
  return character.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Query words, folded; `+` is a word of its own so `S21+` and `S21 +` both highlight. */
function queryWords(query: string): string[] {
  return (
    [...query]
      .map(foldCharacter)
      .join('')
      .match(/[\p{L}\p{N}]+|\+/gu) ?? []
  );
}

/** Optimal-string-alignment distance, stopping early once it exceeds `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (previousPrevious[j - 2] ?? 0) + 1);
      }
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previousPrevious = previous;
    previous = row;
  }
  return previous[b.length] ?? limit + 1;
}

/**
 * How many leading characters of `nameWord` (folded, one entry per character) a query word
 * matches: the typed prefix, or the whole word when the query word is a typo of it (one edit,
 * two for 8+ letters; never for words holding a digit, as the search never corrects those).
 */
function matchedLength(folded: readonly string[], word: string): number {
  const joined = folded.join('');
  if (joined.startsWith(word)) {
    let length = 0;
    let count = 0;
    while (length < word.length && count < folded.length) {
      length += folded[count]?.length ?? 0;
      count += 1;
    }
    return count;
  }
  if (word.length < 3 || /\d/.test(word) || /\d/.test(joined)) return 0;
  const limit = word.length >= 8 ? 2 : 1;
  if (editDistance(word, joined, limit) <= limit) return folded.length;
  // A mistyped start of a longer word (`ulr` of `ultra`): compare with prefixes of similar length.
  for (let extra = -limit; extra <= limit; extra += 1) {
    const length = word.length + extra;
    if (length < 3 || length >= joined.length) continue;
    if (editDistance(word, joined.slice(0, length), limit) <= limit) return length;
  }
  return 0;
}

/**
 * Splits a device name into plain and matched pieces for the query the seller typed: each word
 * of the name that a query word starts (or, misspelt, resembles) is marked, so `iphne 13`
 * marks `iPhone` and `13` in `Apple iPhone 13 128 GB`. Joining the pieces gives the name back.
 */
export function highlightMatches(name: string, query: string): HighlightSegment[] {
  const words = queryWords(query);
  const segments: HighlightSegment[] = [];
  const push = (text: string, match: boolean) => {
    if (text.length === 0) return;
    const last = segments[segments.length - 1];
    if (last !== undefined && last.match === match) last.text += text;
    else segments.push({ text, match });
  };
  for (const part of name.split(/([\p{L}\p{N}]+|\+)/u)) {
    if (part.length === 0) continue;
    const characters = [...part];
    const folded = characters.map(foldCharacter);
    const isWord = /^([\p{L}\p{N}]+|\+)$/u.test(part);
    const length = isWord ? Math.max(0, ...words.map((word) => matchedLength(folded, word))) : 0;
    push(characters.slice(0, length).join(''), true);
    push(characters.slice(length).join(''), false);
  }
  return segments;
}
