import { hasEnded, LESSON_DURATION_MS } from "@el/domain/lessons/lesson";
import { and, assign, fromCallback, setup } from "xstate";
import type { LiveFeed } from "../socket";
import type { LessonCard } from "./lesson-card";

export type LessonEvent =
  | { type: "lesson.accepted"; teacherId: number; teacherName: string; meetUrl: string }
  | { type: "lesson.unassigned" }
  | { type: "lesson.feedbackGiven" };

export interface LessonInput {
  lesson: LessonCard;
  /** Null outside a signed-in area: the lesson then only changes on reload. */
  feed: LiveFeed | null;
  now?: () => number;
}

/** Timers longer than this overflow in browsers; a lesson further away re-checks after it. */
const LONGEST_TIMER_MS = 24 * 60 * 60 * 1000;

/**
 * One lesson on screen: pending until a teacher claims it, accepted (teacher and video link known),
 * held one hour after it started, feedbackGiven once the viewer rated it. The claim arrives over the
 * socket, so a student sees the teacher and the link without reloading; so does an administrator's
 * "Retirar professor", which turns it pending again.
 */
export const lessonMachine = setup({
  types: {
    context: {} as { lesson: LessonCard; feed: LiveFeed | null; now: () => number },
    input: {} as LessonInput,
    events: {} as LessonEvent,
  },
  actors: {
    watchAcceptance: fromCallback<LessonEvent, { feed: LiveFeed | null; lessonId: number }>(({ input, sendBack }) => {
      if (!input.feed) return;
      return input.feed.subscribe("lesson:accepted", (push) => {
        if (push.lessonId === input.lessonId) {
          sendBack({
            type: "lesson.accepted",
            teacherId: push.teacher.id,
            teacherName: push.teacher.name,
            meetUrl: push.meetUrl,
          });
        }
      });
    }),
    watchUnassignment: fromCallback<LessonEvent, { feed: LiveFeed | null; lessonId: number }>(({ input, sendBack }) => {
      if (!input.feed) return;
      return input.feed.subscribe("lesson:unassigned", (push) => {
        if (push.lessonId === input.lessonId) sendBack({ type: "lesson.unassigned" });
      });
    }),
  },
  guards: {
    hasFeedback: ({ context }) => context.lesson.feedbackGiven,
    hasTeacher: ({ context }) => context.lesson.teacherName !== null,
    hasEnded: ({ context }) => hasEnded(context.lesson, new Date(context.now())),
  },
  delays: {
    untilEnd: ({ context }) =>
      Math.min(Math.max(0, Date.parse(context.lesson.date) + LESSON_DURATION_MS - context.now()), LONGEST_TIMER_MS),
  },
}).createMachine({
  id: "lesson",
  context: ({ input }) => ({ lesson: input.lesson, feed: input.feed, now: input.now ?? Date.now }),
  initial: "resolving",
  states: {
    /** Where a lesson loaded from the API stands now. */
    resolving: {
      always: [
        { guard: "hasFeedback", target: "feedbackGiven" },
        { guard: and(["hasTeacher", "hasEnded"]), target: "held" },
        { guard: "hasTeacher", target: "accepted" },
        { target: "pending" },
      ],
    },
    pending: {
      invoke: {
        src: "watchAcceptance",
        input: ({ context }) => ({ feed: context.feed, lessonId: context.lesson.id }),
      },
      on: {
        "lesson.accepted": {
          target: "resolving",
          actions: assign({
            lesson: ({ context, event }) => ({
              ...context.lesson,
              teacherName: event.teacherName,
              teacherId: event.teacherId,
              meetUrl: event.meetUrl,
            }),
          }),
        },
      },
    },
    /** Until it ends, an administrator may take its teacher away: it waits for a teacher again, without link. */
    accepted: {
      after: { untilEnd: { target: "resolving", reenter: true } },
      invoke: {
        src: "watchUnassignment",
        input: ({ context }) => ({ feed: context.feed, lessonId: context.lesson.id }),
      },
      on: {
        "lesson.unassigned": {
          target: "resolving",
          actions: assign({
            lesson: ({ context }) => ({ ...context.lesson, teacherName: null, teacherId: null, meetUrl: null }),
          }),
        },
      },
    },
    held: {
      on: { "lesson.feedbackGiven": "feedbackGiven" },
    },
    feedbackGiven: {
      type: "final",
      entry: assign({ lesson: ({ context }) => ({ ...context.lesson, feedbackGiven: true }) }),
    },
  },
});
