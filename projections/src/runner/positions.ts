import type { Position, RecordedEvent } from "@el/domain";

export const positionOf = (event: RecordedEvent): Position => ({
  transactionId: event.transactionId,
  globalPosition: event.globalPosition,
});

/** Where the last of `events` stands: the position a batch of them moves a checkpoint to. */
export const lastPositionOf = (events: readonly RecordedEvent[]): Position =>
  positionOf(events[events.length - 1] as RecordedEvent);

export const printable = (position: Position) => ({
  transactionId: position.transactionId.toString(),
  globalPosition: position.globalPosition.toString(),
});

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
