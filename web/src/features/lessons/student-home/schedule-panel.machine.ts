import type { Objective } from "@el/domain/accounts/account";
import { assign, fromPromise, setup } from "xstate";
import { newIdempotencyKey } from "../../../lib/api";
import { combineDateAndTime, dayKey, nextBookableSlot, timesStillAhead } from "../../../lib/lessons/lesson-time";
import { scheduleLesson } from "../api/schedule-lesson";

const REQUIRED = "student.schedule.required";
const PAST_DAY = "student.schedule.pastDate";
const PAST_TIME = "student.schedule.pastTime";

/** Each field's message key, for the fields that stop the lesson from being asked for. */
export type ScheduleErrors = Partial<Record<"level" | "trail" | "date" | "time", string>>;

type ScheduleRequest = Parameters<typeof scheduleLesson>[0];

/** One request for a lesson, with the key that makes a retry of it spend one credit at most. */
export interface ScheduleAttempt {
  request: ScheduleRequest | null;
  idempotencyKey: string;
}

/**
 * What the form holds when sent. The level and trail are the ones the panel offers at that moment (the
 * credits left decide which levels are offered), so the page sends them rather than the machine
 * remembering a choice the page may no longer offer.
 */
export interface ScheduleSubmission {
  levelId: string;
  trailId: string;
  objective: Objective;
  /** False with neither a paid credit nor a trial lesson left: the form says so and sends nothing. */
  creditsLeft: boolean;
}

export type SchedulePanelEvent =
  | { type: "level.chosen"; levelId: string }
  | { type: "trail.chosen"; trailId: string }
  | { type: "date.chosen"; date: string }
  | { type: "time.chosen"; time: string }
  | ({ type: "schedule.submitted" } & ScheduleSubmission)
  | { type: "schedule.restarted" };

export interface SchedulePanelContext {
  now: () => Date;
  levelId: string;
  trailId: string;
  date: string;
  time: string;
  errors: ScheduleErrors;
  /** Why the last request failed (no connection, the server's refusal), shown above the form. */
  failure: unknown;
  /**
   * One key per lesson asked for: a retry after a failure that may have reached the server (timeout,
   * dropped connection) cannot spend a second credit. The server scopes it to the request's content.
   */
  idempotencyKey: string;
  request: ScheduleRequest | null;
}

/** The fields left empty, and a day or hour already gone told as such rather than as "required". */
export const scheduleErrors = (
  { levelId, trailId }: ScheduleSubmission,
  { date, time }: { date: string; time: string },
  now: Date,
): ScheduleErrors => {
  const found: ScheduleErrors = {};
  if (!levelId) found.level = REQUIRED;
  if (!trailId) found.trail = REQUIRED;
  if (!date) found.date = REQUIRED;
  else if (date < dayKey(now)) found.date = PAST_DAY;
  else if (!time) found.time = REQUIRED;
  // Read at the moment of sending: the form may have stayed open past the hour it offered.
  else if (!timesStillAhead(date, now).includes(time)) found.time = PAST_TIME;
  return found;
};

type Submitted = Extract<SchedulePanelEvent, { type: "schedule.submitted" }>;

const errorsOf = (context: SchedulePanelContext, event: Submitted) => scheduleErrors(event, context, context.now());

/**
 * The student's form for asking a lesson: level, trail, day and time are chosen (a new level clears the
 * trail; a new day keeps the time if it is still ahead, or takes the day's first); sending checks the
 * fields and the credits, then asks for the lesson; a failure goes back to the form with its reason and
 * the same key, a success says so until the student starts another lesson, which gets a new key.
 * `scheduled` is provided by the page (it reloads what the home shows).
 */
export const schedulePanelMachine = setup({
  types: {
    context: {} as SchedulePanelContext,
    events: {} as SchedulePanelEvent,
    input: {} as { now: () => Date; levelId: string },
  },
  actors: {
    schedule: fromPromise<unknown, ScheduleAttempt>(({ input }) =>
      input.request
        ? scheduleLesson(input.request, input.idempotencyKey)
        : Promise.reject(new Error("Sending a lesson needs the form's request")),
    ),
  },
  actions: {
    scheduled: () => {},
  },
  guards: {
    sendable: ({ context, event }) =>
      event.type === "schedule.submitted" && event.creditsLeft && Object.keys(errorsOf(context, event)).length === 0,
  },
}).createMachine({
  id: "schedulePanel",
  context: ({ input }) => ({
    now: input.now,
    levelId: input.levelId,
    trailId: "",
    ...nextBookableSlot(input.now()),
    errors: {},
    failure: null,
    idempotencyKey: newIdempotencyKey(),
    request: null,
  }),
  initial: "form",
  states: {
    /** The form is shown, and its fields may change while a lesson is being sent. */
    form: {
      initial: "editing",
      on: {
        "level.chosen": { actions: assign({ levelId: ({ event }) => event.levelId, trailId: "" }) },
        "trail.chosen": { actions: assign({ trailId: ({ event }) => event.trailId }) },
        "date.chosen": {
          actions: assign(({ context, event }) => {
            const ahead = event.date ? timesStillAhead(event.date, context.now()) : [];
            return { date: event.date, time: ahead.includes(context.time) ? context.time : (ahead[0] ?? "") };
          }),
        },
        "time.chosen": { actions: assign({ time: ({ event }) => event.time }) },
      },
      states: {
        editing: {
          on: {
            "schedule.submitted": [
              {
                guard: "sendable",
                target: "sending",
                actions: assign({
                  errors: {},
                  failure: null,
                  request: ({ context, event }) => ({
                    trail: { id: Number(event.trailId) },
                    level: { id: Number(event.levelId) },
                    date: combineDateAndTime(context.date, context.time),
                    objective: event.objective,
                  }),
                }),
              },
              { actions: assign({ errors: ({ context, event }) => errorsOf(context, event) }) },
            ],
          },
        },
        sending: {
          invoke: {
            src: "schedule",
            input: ({ context }) => ({ request: context.request, idempotencyKey: context.idempotencyKey }),
            onDone: { target: "#schedulePanel.done", actions: "scheduled" },
            onError: { target: "editing", actions: assign({ failure: ({ event }) => event.error }) },
          },
        },
      },
    },
    done: {
      on: {
        "schedule.restarted": {
          target: "form",
          actions: assign(({ context }) => ({
            idempotencyKey: newIdempotencyKey(),
            trailId: "",
            ...nextBookableSlot(context.now()),
            errors: {},
          })),
        },
      },
    },
  },
});
