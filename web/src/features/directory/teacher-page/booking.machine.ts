import { SERIES_MAX_WEEKS } from "@el/domain/directory/directory-contracts";
import { assign, fromPromise, setup } from "xstate";
import { ApiError, newIdempotencyKey } from "../../../lib/api";
import { bookTeacher } from "../api/book-teacher";
import { createSeries } from "../api/create-series";

export const SERIES_MIN_WEEKS = 2;
export const SERIES_DEFAULT_WEEKS = 8;

/** One booking as sent: a lesson at `start`, or a weekly series starting there when `weeks` is given. */
export interface BookingAttempt {
  teacherId: number;
  start: string;
  trailId: number;
  weeks: number | null;
  idempotencyKey: string;
}

export type BookingEvent =
  | { type: "trail.chosen"; trailId: string }
  | { type: "weekly.toggled"; weekly: boolean }
  | { type: "weeks.chosen"; weeks: number }
  | { type: "booking.submitted"; teacherId: number; start: string }
  | { type: "booking.restarted" };

export interface BookingContext {
  trailId: string;
  weekly: boolean;
  weeks: number;
  /** The field that stops the booking from being sent, by message key. */
  trailError: string | null;
  /** Why the last booking failed (the start just taken, no credit, no connection), shown above the form. */
  failure: unknown;
  /** One key per booking: a retry after a dropped connection spends one credit at most. */
  idempotencyKey: string;
  attempt: BookingAttempt | null;
}

const REQUIRED = "directory.booking.trailRequired";

const weeksWithinBounds = (weeks: number) =>
  Math.min(SERIES_MAX_WEEKS, Math.max(SERIES_MIN_WEEKS, Number.isFinite(weeks) ? Math.round(weeks) : SERIES_MIN_WEEKS));

/** Another student (or the teacher claiming an open lesson) took the start first; the credit stays. */
export const isSlotTaken = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * Booking one of a teacher's free starts: the trail is chosen, and "Toda semana" turns the booking into a
 * weekly series of 2–52 weeks. Sending without a trail says so; a refusal goes back to the form with its
 * reason — and when the start was just taken, `slotTaken` (provided by the page) reloads the free starts.
 * `booked` is provided by the page too.
 */
export const bookingMachine = setup({
  types: { context: {} as BookingContext, events: {} as BookingEvent },
  actors: {
    book: fromPromise<unknown, BookingAttempt>(({ input }) =>
      input.weeks === null
        ? bookTeacher(input.teacherId, { start: input.start, trailId: input.trailId }, input.idempotencyKey)
        : createSeries(
            { teacherId: input.teacherId, start: input.start, weeks: input.weeks, trailId: input.trailId },
            input.idempotencyKey,
          ),
    ),
  },
  actions: {
    booked: () => {},
    slotTaken: () => {},
  },
  guards: {
    trailChosen: ({ context }) => context.trailId !== "",
    slotTaken: ({ event }) => isSlotTaken((event as { error?: unknown }).error),
  },
}).createMachine({
  id: "booking",
  context: () => ({
    trailId: "",
    weekly: false,
    weeks: SERIES_DEFAULT_WEEKS,
    trailError: null,
    failure: null,
    idempotencyKey: newIdempotencyKey(),
    attempt: null,
  }),
  initial: "editing",
  states: {
    editing: {
      on: {
        "trail.chosen": { actions: assign({ trailId: ({ event }) => event.trailId, trailError: null }) },
        "weekly.toggled": { actions: assign({ weekly: ({ event }) => event.weekly }) },
        "weeks.chosen": { actions: assign({ weeks: ({ event }) => weeksWithinBounds(event.weeks) }) },
        "booking.submitted": [
          {
            guard: "trailChosen",
            target: "sending",
            actions: assign({
              failure: null,
              attempt: ({ context, event }) => ({
                teacherId: event.teacherId,
                start: event.start,
                trailId: Number(context.trailId),
                weeks: context.weekly ? context.weeks : null,
                idempotencyKey: context.idempotencyKey,
              }),
            }),
          },
          { actions: assign({ trailError: REQUIRED }) },
        ],
      },
    },
    sending: {
      invoke: {
        src: "book",
        input: ({ context }) => context.attempt as BookingAttempt,
        onDone: { target: "booked", actions: "booked" },
        onError: [
          {
            guard: "slotTaken",
            target: "editing",
            actions: [
              assign({ failure: ({ event }) => event.error, idempotencyKey: () => newIdempotencyKey() }),
              "slotTaken",
            ],
          },
          { target: "editing", actions: assign({ failure: ({ event }) => event.error }) },
        ],
      },
    },
    booked: {
      on: {
        "booking.restarted": {
          target: "editing",
          actions: assign({ failure: null, attempt: null, weekly: false, idempotencyKey: () => newIdempotencyKey() }),
        },
      },
    },
  },
});
