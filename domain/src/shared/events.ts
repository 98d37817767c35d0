/** The envelope every stored event travels in (ARCHITECTURE.md, "Event store contract"). */
export interface EventMetadata {
  commandId?: string;
  correlationId?: string;
  causationId?: string;
  userId?: string;
  occurredAt: string;
}

/**
 * Where an event sits in the store's global order. Events are ordered by the id of the transaction that
 * wrote them, then by their position: unlike the position alone, that order never changes once a
 * subscriber has read past it (see backend/src/event-store/README.md).
 */
export interface Position {
  transactionId: bigint;
  globalPosition: bigint;
}

export const START: Position = { transactionId: 0n, globalPosition: 0n };

export const comparePositions = (a: Position, b: Position): number =>
  a.transactionId === b.transactionId
    ? Number(a.globalPosition - b.globalPosition)
    : a.transactionId < b.transactionId
      ? -1
      : 1;

export const isAtOrAfter = (a: Position, b: Position) => comparePositions(a, b) >= 0;

/** The later of two positions; `b` when there is no `a`. */
export const laterOf = (a: Position | undefined, b: Position): Position => (a && isAtOrAfter(a, b) ? a : b);

/**
 * How long a reader waits before its `reads`-th look again (from 0) for an append it was told of but cannot
 * see yet, held back by a transaction still open somewhere on the server: 1, 2, 4… ms, then every half
 * second, never later than its own re-check (`recheckMs`).
 */
export const heldBackDelayMs = (reads: number, recheckMs: number) => Math.min(2 ** reads, 500, recheckMs);

export interface RecordedEvent<Type extends string = string, Data = unknown> extends Position {
  streamId: string;
  streamVersion: number;
  type: Type;
  schemaVersion: number;
  data: Data;
  metadata: EventMetadata;
  eventId: string;
  recordedAt: Date;
}

/** An event about to be appended: `data` is validated by the event's zod schema before it is stored. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  eventId?: string;
  metadata?: Partial<EventMetadata>;
}
