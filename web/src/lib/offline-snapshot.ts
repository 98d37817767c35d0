import { ApiError, tokenStorage } from "./api";

/**
 * The last answers of a few GETs a signed-in person needs offline (their account, their next lessons), kept in
 * localStorage beside the session's token, so that the app the service worker opens without a network shows
 * them, saying when they were saved. A snapshot belongs to the token it was saved under (another sign-in on the
 * device never sees it) and signing out forgets them all.
 */
const PREFIX = "el-offline:";

interface Snapshot {
  /** The end of the token it was saved under. */
  t: string;
  at: number;
  data: unknown;
}

let savedAt: number | null = null;
const listeners = new Set<() => void>();
const shown = (at: number | null) => {
  if (at === savedAt) return;
  savedAt = at;
  for (const listener of listeners) listener();
};

/** When the data on screen was saved, while the app shows saved data because it is offline; else null. */
export const offlineSavedAt = () => savedAt;
export const onOfflineChange = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** `load`, whose answer is kept; when the server cannot be reached, the one kept since this sign-in answers. */
export const keptOffline =
  <T>(name: string, load: () => Promise<T>) =>
  async (): Promise<T> => {
    const owner = (tokenStorage.get() ?? "").slice(-16);
    try {
      const data = await load();
      localStorage.setItem(PREFIX + name, JSON.stringify({ t: owner, at: Date.now(), data } satisfies Snapshot));
      shown(null);
      return data;
    } catch (error) {
      const kept = JSON.parse(localStorage.getItem(PREFIX + name) ?? "null") as Snapshot | null;
      if (!(error instanceof ApiError && error.status === 0) || !kept || !owner || kept.t !== owner) throw error;
      shown(kept.at);
      return kept.data as T;
    }
  };

/** Signing out forgets every snapshot. */
export const forgetOfflineSnapshots = () => {
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  shown(null);
};
