import type { Position, RecordedEvent } from "@el/domain";
import type { Loop } from "./loop";
import type { EventSource, Push } from "./projector";

/** A loop that handles something in a batch, waiting to commit it with the others that do. */
export interface Member {
  loop: Loop;
  relevant: RecordedEvent[];
  /** This loop's pushes once committed together, or undefined: apply alone. */
  settle: (pushes: Push[] | undefined) => void;
  /** This loop's own events failed: its batch failed, as if it had tried it alone. */
  fail: (error: unknown) => void;
}

/** One read's answer as the loops that asked for it see it. */
export interface Batch {
  events: RecordedEvent[];
  /** Readers that have not yet said whether they apply something of it. */
  undecided: number;
  members: Member[];
}

/** A batch read by one loop alone: it commits what it handles in a transaction of its own. */
export const alone = (events: RecordedEvent[]): Batch => ({ events, undecided: 1, members: [] });

/**
 * Reads the events after a position, `batchSize` at most. Loops at the same position share one read:
 * asking for a read that is already under way, sent after the latest announced append (`announced`), joins
 * it instead of sending another; every loop that joined it is one of the batch's readers.
 */
export const createReads = (options: {
  source: Pick<EventSource, "readAll">;
  batchSize: number;
  announced: () => number;
}) => {
  const reads = new Map<string, { announced: number; join: () => Promise<Batch> }>();
  return (after: Position): Promise<Batch> => {
    const key = `${after.transactionId}:${after.globalPosition}`;
    const announced = options.announced();
    const underWay = reads.get(key);
    if (underWay?.announced === announced) return underWay.join();
    let readers = 1;
    const forget = () => {
      if (reads.get(key)?.join === join) reads.delete(key);
    };
    // Forgotten before any reader sees the answer, so the count of readers is final when it is taken.
    const batch = options.source.readAll(after, options.batchSize).then(
      (events): Batch => {
        forget();
        return { events, undecided: readers, members: [] };
      },
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    const join = () => {
      readers++;
      return batch;
    };
    reads.set(key, { announced, join });
    return batch;
  };
};
