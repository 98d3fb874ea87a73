/** The largest id a PostgreSQL `integer` column holds. */
const maxId = 2_147_483_647;

/** FNV-1a over the UTF-16 code units of `key`, as an unsigned 32-bit number. */
function fnv1a(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Hands out ids derived from stable keys, so that a device keeps its id when the catalogue
 * grows (trades and offers refer to it). A rare collision moves on to the next free number;
 * the keys are processed in a fixed order, so the result is still deterministic.
 */
export class StableIdAllocator {
  readonly #taken: Set<number>;

  /** `taken`: ids already in use (a stored catalogue's), which no key is given. */
  constructor(taken: Iterable<number> = []) {
    this.#taken = new Set(taken);
  }

  /** The id for `key`: a positive integer that fits a 32-bit signed column. */
  allocate(key: string): number {
    let id = (fnv1a(key) % (maxId - 1)) + 1;
    while (this.#taken.has(id)) id = id === maxId ? 1 : id + 1;
    this.#taken.add(id);
    return id;
  }
}

/** A small seeded pseudo-random generator (mulberry32): same seed, same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
