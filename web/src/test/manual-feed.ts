import { parseServerPush, type ServerToClientEventName } from "@el/domain/realtime";
import type { LiveFeed } from "../lib/socket";

/** A live feed whose pushes the test emits by hand, validated like the real ones. */
export const createManualFeed = () => {
  const listeners = new Map<string, Set<(payload: never) => void>>();
  const reconnectListeners = new Set<() => void>();
  const feed: LiveFeed = {
    subscribe(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
  };
  return {
    feed,
    push<Name extends ServerToClientEventName>(name: Name, payload: unknown) {
      const parsed = parseServerPush(name, payload);
      if (!parsed) throw new Error(`Invalid ${name} payload`);
      for (const listener of listeners.get(name) ?? []) (listener as (payload: typeof parsed) => void)(parsed);
    },
    reconnect() {
      for (const listener of reconnectListeners) listener();
    },
    listenerCount: (name: ServerToClientEventName) => listeners.get(name)?.size ?? 0,
  };
};
