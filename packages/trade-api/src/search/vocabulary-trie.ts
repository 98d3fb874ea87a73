/**
 * The index vocabulary as a trie, for correcting a query word before matching. Term ids follow
 * the sorted order of the words, so every subtree is one contiguous id range: a prefix match is
 * a range, never a list.
 */

interface TrieNode {
  children: Map<number, TrieNode>;
  /** Id of the word ending here, or -1. */
  termId: number;
  /** First term id in this subtree. */
  low: number;
  /** One past the last term id in this subtree. */
  high: number;
}

/** Receives one correction: the term ids `[low, high)` at edit distance `distance`. */
export type TermRangeVisitor = (low: number, high: number, distance: number) => void;

function createNode(termId: number): TrieNode {
  return { children: new Map(), termId: -1, low: termId, high: termId };
}

/** A vocabulary of distinct words with exact, prefix and edit-distance lookups. */
export class VocabularyTrie {
  readonly words: readonly string[];
  private readonly root: TrieNode;
  private readonly idByWord: Map<string, number>;

  /** Builds the trie; `words` must be distinct. Ids are positions in the sorted list. */
  constructor(words: Iterable<string>) {
    this.words = [...words].toSorted();
    this.idByWord = new Map(this.words.map((word, id) => [word, id]));
    this.root = createNode(0);
    for (let id = 0; id < this.words.length; id += 1) {
      const word = this.words[id] ?? '';
      let node = this.root;
      node.high = id + 1;
      for (let index = 0; index < word.length; index += 1) {
        const code = word.charCodeAt(index);
        let child = node.children.get(code);
        if (child === undefined) {
          child = createNode(id);
          node.children.set(code, child);
        }
        child.high = id + 1;
        node = child;
      }
      node.termId = id;
    }
  }

  /** The id of a word, or -1. */
  idOf(word: string): number {
    return this.idByWord.get(word) ?? -1;
  }

  /** The id range of all words starting with `prefix` (empty range when none). */
  prefixRange(prefix: string): [number, number] {
    let node: TrieNode | undefined = this.root;
    for (let index = 0; index < prefix.length && node !== undefined; index += 1) {
      node = node.children.get(prefix.charCodeAt(index));
    }
    return node === undefined ? [0, 0] : [node.low, node.high];
  }

  /**
   * Visits every word within `maxDistance` edits of `query` (optimal string alignment distance:
   * insertion, deletion, substitution, transposition of neighbours) as one-word ranges, and,
   * with `prefix`, every subtree whose path is within `maxDistance` of `query` as a range of
   * completions. A word can be visited more than once; the caller keeps the lowest distance.
   */
  visitCorrections(
    query: string,
    maxDistance: number,
    prefix: boolean,
    onFull: TermRangeVisitor,
    onPrefix: TermRangeVisitor,
  ): void {
    const length = query.length;
    const codes = Array.from({ length }, (_, index) => query.charCodeAt(index));
    const maxDepth = length + maxDistance;
    // One row per depth, reused across branches: the walk is depth-first.
    const rows = Array.from({ length: maxDepth + 2 }, () => new Int32Array(length + 1));
    const first = rows[0] as Int32Array;
    for (let column = 0; column <= length; column += 1) first[column] = column;

    const walk = (node: TrieNode, depth: number, previousCode: number): void => {
      if (depth >= maxDepth) return;
      const previousRow = rows[depth] as Int32Array;
      const beforeRow = depth > 0 ? (rows[depth - 1] as Int32Array) : undefined;
      const row = rows[depth + 1] as Int32Array;
      for (const [code, child] of node.children) {
        row[0] = depth + 1;
        let rowMinimum = row[0];
        for (let column = 1; column <= length; column += 1) {
          const substitution = codes[column - 1] === code ? 0 : 1;
          let best = Math.min(
            (previousRow[column] as number) + 1,
            (row[column - 1] as number) + 1,
            (previousRow[column - 1] as number) + substitution,
          );
          if (
            beforeRow !== undefined &&
            column > 1 &&
            codes[column - 1] === previousCode &&
            codes[column - 2] === code
          ) {
            best = Math.min(best, (beforeRow[column - 2] as number) + 1);
          }
          row[column] = best;
          if (best < rowMinimum) rowMinimum = best;
        }
        const distance = row[length] as number;
        if (distance <= maxDistance) {
          if (child.termId >= 0) onFull(child.termId, child.termId + 1, distance);
          if (prefix) onPrefix(child.low, child.high, distance);
        }
        if (rowMinimum <= maxDistance) walk(child, depth + 1, code);
      }
    };
    walk(this.root, 0, -1);
  }
}
