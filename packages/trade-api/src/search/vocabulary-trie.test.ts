import { describe, expect, it } from 'vitest';
import { VocabularyTrie } from './vocabulary-trie.ts';

const trie = new VocabularyTrie(['pro', 'promax', 'plus', 'ultra', 'iphone', 'ipad', 'galaxy']);

function corrections(query: string, maxDistance: number, prefix: boolean): Map<string, number> {
  const found = new Map<string, number>();
  const keep = (low: number, high: number, distance: number): void => {
    for (let id = low; id < high; id += 1) {
      const word = trie.words[id] as string;
      found.set(word, Math.min(found.get(word) ?? Infinity, distance));
    }
  };
  trie.visitCorrections(query, maxDistance, prefix, keep, prefix ? keep : () => undefined);
  return found;
}

describe('VocabularyTrie', () => {
  it('gives words ids in sorted order', () => {
    expect(trie.words).toEqual(['galaxy', 'ipad', 'iphone', 'plus', 'pro', 'promax', 'ultra']);
    expect(trie.idOf('pro')).toBe(4);
    expect(trie.idOf('prom')).toBe(-1);
  });

  it.each([
    ['pro', ['pro', 'promax']],
    ['i', ['ipad', 'iphone']],
    ['p', ['plus', 'pro', 'promax']],
    ['x', []],
  ])('finds the completions of %j', (prefix, words) => {
    const [low, high] = trie.prefixRange(prefix);
    expect(trie.words.slice(low, high)).toEqual(words);
  });

  it.each([
    ['iphne', 'iphone', 1],
    ['ipohne', 'iphone', 1],
    ['galaxxy', 'galaxy', 1],
    ['utlra', 'ultra', 1],
    ['glaxay', 'galaxy', 2],
  ])('corrects %j to %j at distance %i', (query, word, distance) => {
    expect(corrections(query, 2, false).get(word)).toBe(distance);
  });

  it('stays within the distance it is given', () => {
    expect(corrections('glaxay', 1, false).has('galaxy')).toBe(false);
    expect(corrections('ultra', 0, false)).toEqual(new Map([['ultra', 0]]));
  });

  it('reaches completions of a mistyped prefix', () => {
    const found = corrections('ulr', 1, true);
    expect(found.get('ultra')).toBe(1);
    expect(corrections('ulr', 1, false).has('ultra')).toBe(false);
  });
});
