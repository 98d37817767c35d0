import { useEffect } from "react";

/** Calls `refresh` every `everyMs` while `enabled`; stops when the page goes or the box is unticked. */
export const useAutoRefresh = (refresh: () => void, everyMs: number, enabled: boolean) => {
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(refresh, everyMs);
    return () => clearInterval(timer);
  }, [refresh, everyMs, enabled]);
};
