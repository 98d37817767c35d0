import type { RecordedEvent } from "@el/domain";
import { heldBackDelayMs } from "@el/domain";
import type { EventStore } from "./contract";
import { DEFAULT_BATCH } from "./reads";

/**
 * `subscribeAll` over a store's `readAll` and `onAppended`: catch-up from `after` in pages, then live, woken by
 * appends and looking again on a timer for what a transaction still open held back.
 */
export const subscribeAllOf =
  ({ readAll, onAppended }: Pick<EventStore, "readAll" | "onAppended">): EventStore["subscribeAll"] =>
  (after, handle, options = {}) => {
    let position = after;
    let stopped = false;
    let wake: (() => void) | undefined;
    let pending = true;
    const unsubscribe = onAppended(() => {
      pending = true;
      woken = true;
      heldBackReads = 0;
      wake?.();
    });
    // An append committed while an older transaction is still open is held back until that one ends;
    // its commit notifies too, but a transaction that wrote no event does not, hence this slow re-check.
    const recheckMs = options.recheckMs ?? 200;

    const batchSize = options.batchSize ?? DEFAULT_BATCH;
    let prefetched: Promise<RecordedEvent[]> | undefined;
    /**
     * A wake-up promises an append. A read after one that finds nothing means the append is held back
     * by a transaction still open somewhere on the server (readers see below the oldest one, in any
     * database, and a busy server's other work can keep one open for seconds): look again after 1, 2, 4…
     * ms, then every half second (never later than the re-check), for about 5 s, rather than wait for
     * the re-check.
     */
    let woken = false;
    let foundNothing = false;
    let heldBackReads = 0;
    const HELD_BACK_READS = 18;
    const loop = (async () => {
      while (!stopped) {
        pending = false;
        foundNothing = false;
        try {
          const batch = await (prefetched ?? readAll(position, batchSize));
          prefetched = undefined;
          foundNothing = batch.length === 0;
          const last = batch[batch.length - 1];
          // A full batch means more are waiting: read them while this batch is handled.
          if (last && batch.length === batchSize) {
            prefetched = readAll({ transactionId: last.transactionId, globalPosition: last.globalPosition }, batchSize);
            prefetched.catch(() => {});
          }
          for (const event of batch) {
            if (stopped) return;
            await handle(event);
            position = { transactionId: event.transactionId, globalPosition: event.globalPosition };
          }
          if (batch.length === batchSize) continue;
        } catch (error) {
          // The prefetched batch starts after the whole failed batch: read again from the last handled event.
          prefetched = undefined;
          options.onError?.(error);
        }
        if (stopped || pending) continue;
        const heldBack: boolean = woken && foundNothing && heldBackReads < HELD_BACK_READS;
        heldBackReads = heldBack ? heldBackReads + 1 : 0;
        woken = heldBack;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, heldBack ? heldBackDelayMs(heldBackReads - 1, recheckMs) : recheckMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    })();

    return {
      get position() {
        return position;
      },
      async stop() {
        stopped = true;
        unsubscribe();
        wake?.();
        await loop;
      },
    };
  };
