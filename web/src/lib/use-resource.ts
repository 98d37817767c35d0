import { useCallback, useEffect, useState } from "react";

export type Resource<T> =
  | { status: "loading"; reload: () => void }
  | { status: "failed"; error: unknown; reload: () => void }
  | { status: "ready"; data: T; reload: () => void };

/**
 * Loads what `load` fetches when `key` changes and on `reload()`. An answer that arrives after a newer
 * request started is dropped, so a slow first page never overwrites the page the user turned to.
 */
export const useResource = <T>(load: () => Promise<T>, key: string): Resource<T> => {
  const [state, setState] = useState<
    { status: "loading" } | { status: "failed"; error: unknown } | { status: "ready"; data: T }
  >({ status: "loading" });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` fetches; a new closure alone is no reason to refetch
  useEffect(() => {
    let current = true;
    setState((previous) => (previous.status === "ready" ? previous : { status: "loading" }));
    load().then(
      (data) => current && setState({ status: "ready", data }),
      (error: unknown) => current && setState({ status: "failed", error }),
    );
    return () => {
      current = false;
    };
  }, [key, generation]);
  return { ...state, reload } as Resource<T>;
};
