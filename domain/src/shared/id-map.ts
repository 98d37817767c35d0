/**
 * An immutable map keyed by ids (integers), for state that grows with a stream's history: `set` copies one
 * path of a 32-way trie (a few small arrays) and shares the rest with the map it came from, where copying
 * a plain object per event would make folding n events cost n² (a student's credits, one per lesson).
 */

type Slot<V> = Leaf<V> | Branch<V> | undefined;
interface Leaf<V> {
  readonly key: number;
  readonly value: V;
}
type Branch<V> = readonly Slot<V>[];

const WIDTH = 32;
const emptyBranch: Branch<never> = Array.from({ length: WIDTH }, () => undefined);

/** The key's base-32 digit at `depth`; two different safe integers differ within 12 digits, signs included. */
const digit = (key: number, depth: number) => {
  const shifted = Math.floor(key / WIDTH ** depth);
  return ((shifted % WIDTH) + WIDTH) % WIDTH;
};

const isBranch = <V>(slot: Slot<V>): slot is Branch<V> => Array.isArray(slot);

const setIn = <V>(branch: Branch<V>, leaf: Leaf<V>, depth: number): Branch<V> => {
  const index = digit(leaf.key, depth);
  const slot = branch[index];
  const copy = branch.slice();
  if (slot === undefined || (!isBranch(slot) && slot.key === leaf.key)) copy[index] = leaf;
  else if (isBranch(slot)) copy[index] = setIn(slot, leaf, depth + 1);
  else copy[index] = setIn(setIn(emptyBranch as Branch<V>, slot, depth + 1), leaf, depth + 1);
  return copy;
};

export class IdMap<V> {
  private constructor(
    private readonly root: Branch<V>,
    readonly size: number,
  ) {}

  static empty<V>(): IdMap<V> {
    return new IdMap<V>(emptyBranch, 0);
  }

  static of<V>(entries: Iterable<readonly [number, V]>): IdMap<V> {
    let map = IdMap.empty<V>();
    for (const [key, value] of entries) map = map.set(key, value);
    return map;
  }

  /** Every entry, in no particular order. */
  *entries(): Generator<[number, V]> {
    const walk = function* (branch: Branch<V>): Generator<[number, V]> {
      for (const slot of branch) {
        if (isBranch(slot)) yield* walk(slot);
        else if (slot !== undefined) yield [slot.key, slot.value];
      }
    };
    yield* walk(this.root);
  }

  get(key: number): V | undefined {
    let slot: Slot<V> = this.root;
    for (let depth = 0; isBranch(slot); depth++) slot = slot[digit(key, depth)];
    return slot?.key === key ? slot.value : undefined;
  }

  set(key: number, value: V): IdMap<V> {
    const grows = this.get(key) === undefined;
    return new IdMap(setIn(this.root, { key, value }, 0), grows ? this.size + 1 : this.size);
  }
}
