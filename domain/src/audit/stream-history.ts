import { adminAccountDecider, adminStreams } from "../accounts/admin-account";
import { emailReservationDecider, emailStreams, loginReservationDecider, loginStreams } from "../accounts/reservation";
import { studentAccountDecider, studentStreams } from "../accounts/student-account";
import { teacherAccountDecider, teacherStreams } from "../accounts/teacher-account";
import { itemPackageDecider, packageStreams } from "../catalog/item-package";
import { levelDecider, levelStreams } from "../catalog/level";
import { materialDecider, materialStreams } from "../catalog/material";
import { trailDecider, trailStreams } from "../catalog/trail";
import { couponDecider, couponStreams } from "../coupons/coupon";
import { couponCodeDecider, couponCodeStreams } from "../coupons/coupon-code";
import { lessonSeriesDecider, lessonSeriesStreams } from "../directory/lesson-series";
import { disputeDecider, disputeStreams } from "../disputes/dispute";
import { lessonStreams } from "../lessons/lesson";
import { lessonDecider } from "../lessons/lesson-decider";
import { lessonReportDecider, lessonReportStreams } from "../lessons/reports/lesson-report";
import { studentSlotDecider, studentSlotStreams } from "../lessons/student-slot";
import { teacherSlotDecider, teacherSlotStreams } from "../lessons/teacher-slot";
import { placementDecider, placementStreams } from "../placement/placement-test";
import { purchaseDecider, purchaseStreams } from "../purchasing/purchase";
import type { Decider } from "../shared/decider";
import type { RecordedEvent } from "../shared/events";
import { IdMap } from "../shared/id-map";
import type { StreamKind } from "../shared/streams";

/**
 * "What did we know, and when": a stream's state after each of its events and at any instant, folded by
 * the stream's own decider, the one its commands are decided on, so the history shows exactly what the
 * product believed then.
 */

interface StreamFold {
  kind: string;
  holds: (streamId: string) => boolean;
  initial: () => unknown;
  evolve: (state: unknown, event: RecordedEvent) => unknown;
}

const foldOf = <Key, Event extends { type: string; data: unknown }, State>(
  streams: StreamKind<Key, Event>,
  decider: Pick<Decider<never, Event, State>, "initialState" | "evolve">,
): StreamFold => ({
  kind: streams.prefix,
  holds: streams.holds,
  initial: decider.initialState,
  evolve: (state, event) => decider.evolve(state as State, streams.event(event)),
});

/** Every kind of stream with a decider. Streams of other kinds (sign-in attempts) are listed, not folded. */
const folds: StreamFold[] = [
  foldOf(studentStreams, studentAccountDecider),
  foldOf(teacherStreams, teacherAccountDecider),
  foldOf(adminStreams, adminAccountDecider),
  foldOf(emailStreams, emailReservationDecider),
  foldOf(loginStreams, loginReservationDecider),
  foldOf(lessonStreams, lessonDecider),
  foldOf(teacherSlotStreams, teacherSlotDecider),
  foldOf(studentSlotStreams, studentSlotDecider),
  foldOf(purchaseStreams, purchaseDecider),
  foldOf(couponStreams, couponDecider),
  foldOf(couponCodeStreams, couponCodeDecider),
  foldOf(levelStreams, levelDecider),
  foldOf(trailStreams, trailDecider),
  foldOf(materialStreams, materialDecider),
  foldOf(packageStreams, itemPackageDecider),
  foldOf(placementStreams, placementDecider),
  foldOf(lessonSeriesStreams, lessonSeriesDecider),
  foldOf(disputeStreams, disputeDecider),
  foldOf(lessonReportStreams, lessonReportDecider),
];

/** The events a stream of no known kind holds, as its "state": nothing is decided from them. */
const listing: Omit<StreamFold, "holds"> = {
  kind: "events",
  initial: () => ({ events: 0 }),
  evolve: (state, _event) => ({ events: (state as { events: number }).events + 1 }),
};

/** The fold of a stream: its kind's decider, or a count of its events for a kind without one. */
export const streamFoldOf = (streamId: string): Omit<StreamFold, "holds"> =>
  folds.find((fold) => fold.holds(streamId)) ?? listing;

/** Fields a state keeps to decide with that nobody needs to read: shown as `HIDDEN`. */
const SECRET_FIELDS = new Set(["passwordHash"]);
export const HIDDEN = "[oculto]";

/**
 * A state as JSON can carry it: the deciders' persistent maps and sets become objects and arrays, and a
 * secret (a password's hash) is hidden.
 */
export const plainState = (value: unknown): unknown => {
  if (value instanceof IdMap)
    return Object.fromEntries(
      [...value.entries()].sort(([a], [b]) => a - b).map(([key, item]) => [key, plainState(item)]),
    );
  if (value instanceof Map)
    return Object.fromEntries([...value.entries()].map(([key, item]) => [key, plainState(item)]));
  if (value instanceof Set) return [...value].map(plainState);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plainState);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, SECRET_FIELDS.has(key) && item ? HIDDEN : plainState(item)]),
    );
  return value;
};

export interface StreamStep<Event extends RecordedEvent = RecordedEvent> {
  event: Event;
  stateAfter: unknown;
}

export interface StreamAt<Event extends RecordedEvent = RecordedEvent> {
  kind: string;
  /** The state after the last event recorded at or before `at` (the initial state when none was). */
  state: unknown;
  /** The events that made it, in the stream's order, each with the state right after it. */
  steps: StreamStep<Event>[];
}

/**
 * A stream's history up to `at` (every event without it): only events the store had recorded by then
 * count, since what the product knew at an instant is what it had stored.
 */
export const streamHistory = <Event extends RecordedEvent>(
  streamId: string,
  events: readonly Event[],
  at?: Date,
): StreamAt<Event> => {
  const fold = streamFoldOf(streamId);
  const known = at ? events.filter((event) => event.recordedAt.getTime() <= at.getTime()) : events;
  let state = fold.initial();
  const steps = known.map((event) => {
    state = fold.evolve(state, event);
    return { event, stateAfter: plainState(state) };
  });
  return { kind: fold.kind, state: plainState(state), steps };
};
