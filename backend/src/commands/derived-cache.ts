import type { StreamChange, StreamChanges } from "./stream-changes";

/** A value derived from some streams, and those streams. */
export interface Derived<Value> {
  value: Value;
  streamIds: readonly string[];
}

/**
 * Values derived from streams (who a token's user is now, a trail as the catalogue has it), kept until
 * a change that matters to them is stored on one of their streams, here or in another process. A value
 * being loaded when such a change arrives is answered but not kept, as its read may predate the change;
 * and while other processes' changes cannot be read, nothing is trusted and every value is loaded again.
 */
export const createDerivedCache = <Value>(
  changes: StreamChanges,
  options: { matters: (change: StreamChange) => boolean; capacity: number },
) => {
  const values = new Map<string, Derived<Value>>();
  const keysOfStream = new Map<string, Set<string>>();
  let generation = 0;

  const forget = (key: string) => {
    const derived = values.get(key);
    if (!derived) return;
    values.delete(key);
    for (const streamId of derived.streamIds) {
      const keys = keysOfStream.get(streamId);
      keys?.delete(key);
      if (keys?.size === 0) keysOfStream.delete(streamId);
    }
  };
  const keep = (key: string, derived: Derived<Value>) => {
    forget(key);
    values.set(key, derived);
    for (const streamId of derived.streamIds) {
      const keys = keysOfStream.get(streamId) ?? new Set<string>();
      keys.add(key);
      keysOfStream.set(streamId, keys);
    }
    if (values.size > options.capacity) forget(values.keys().next().value as string);
  };

  const unsubscribe = changes.subscribe((change) => {
    if (!options.matters(change)) return;
    generation++;
    for (const key of [...(keysOfStream.get(change.streamId) ?? [])]) forget(key);
  });

  return {
    async get(key: string, load: () => Promise<Derived<Value>>): Promise<Value> {
      const kept = values.get(key);
      if (kept && !changes.behind()) {
        values.delete(key);
        values.set(key, kept);
        return kept.value;
      }
      const before = generation;
      const loaded = await load();
      if (generation === before && !changes.behind()) keep(key, loaded);
      return loaded.value;
    },
    close: unsubscribe,
  };
};
