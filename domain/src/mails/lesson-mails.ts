import { z } from "zod";
import { LESSON_DURATION_MS } from "../lessons/lesson";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { type EventOf, numericKey, streamKind } from "../shared/streams";

/**
 * The e-mails a lesson sends: its acceptance (to the student, with the lesson as a calendar file), its
 * cancellation (to both; to the teacher alone when the student's erasure cancelled it), reminders 24 h
 * and 1 h before (to both, with the video link; accepted within the last hour, the 1 h one goes at once),
 * the news that an administrator took the teacher away (to the student) and, an hour after it ends, the
 * request for feedback (to both).
 *
 * Each is sent at most once: before sending, the sender claims it on the lesson's mail stream
 * (`lesson-mails-{lessonId}`); of two processes claiming at once, the append at the version read lets one
 * through. A send that failed is reported, which allows a new claim, up to `MAX_MAIL_ATTEMPTS` in all. A
 * process that dies between its claim and the send leaves that e-mail unsent rather than sent twice.
 */

export const lessonMailKinds = [
  "accepted",
  "cancelled",
  "reminder-24h",
  "reminder-1h",
  "feedback-request",
  "teacher-removed",
  "teacher-day-off",
] as const;
export const LessonMailKind = z.enum(lessonMailKinds);
export type LessonMailKind = z.infer<typeof LessonMailKind>;

/** What a person turns off in their profile: one switch per topic; `messages`: the digest of unread messages. */
export const mailTopics = ["accepted", "cancelled", "reminders", "feedback", "messages"] as const;
export const MailTopic = z.enum(mailTopics);
export type MailTopic = z.infer<typeof MailTopic>;

/** The teacher's removal is news about who confirmed the lesson: it goes with the acceptances. */
export const topicOf = (kind: LessonMailKind): MailTopic =>
  kind === "reminder-24h" || kind === "reminder-1h"
    ? "reminders"
    : kind === "feedback-request"
      ? "feedback"
      : kind === "teacher-removed" || kind === "teacher-day-off"
        ? "accepted"
        : kind;

export const MAX_MAIL_ATTEMPTS = 3;
const HOUR = 60 * 60 * 1000;

export type Recipient = "student" | "teacher";

/** One e-mail a lesson will send: to whom, from when, and until when it is still worth sending. */
export interface PlannedMail {
  kind: LessonMailKind;
  to: Recipient;
  dueAt: number;
  /** After this it is dropped unsent: a reminder after the lesson began, news hours old after a restart. */
  expiresAt: number;
}

/** The acceptance mail and the reminders and feedback requests of a lesson accepted at `acceptedAt`. */
export const mailsOnAcceptance = (date: string, acceptedAt: string): PlannedMail[] => {
  const start = Date.parse(date);
  const accepted = Date.parse(acceptedAt);
  const feedbackAt = start + LESSON_DURATION_MS + HOUR;
  const both = (kind: LessonMailKind, dueAt: number, expiresAt: number): PlannedMail[] => [
    { kind, to: "student", dueAt, expiresAt },
    { kind, to: "teacher", dueAt, expiresAt },
  ];
  return [
    { kind: "accepted", to: "student", dueAt: accepted, expiresAt: Math.min(start, accepted + 6 * HOUR) },
    // The day-before reminder whose moment has already passed when the lesson is accepted is not sent
    // late; the hour-before one is, at once: a lesson accepted 40 minutes ahead still needs its link.
    ...(start - 24 * HOUR > accepted ? both("reminder-24h", start - 24 * HOUR, start - HOUR) : []),
    ...(start > accepted ? both("reminder-1h", Math.max(start - HOUR, accepted), start) : []),
    ...both("feedback-request", feedbackAt, feedbackAt + 24 * HOUR),
  ];
};

/** A moved lesson's reminders and feedback requests follow its new start. */
export const timesAfterMove = (kind: LessonMailKind, date: string): { dueAt: number; expiresAt: number } | null => {
  const start = Date.parse(date);
  const feedbackAt = start + LESSON_DURATION_MS + HOUR;
  switch (kind) {
    case "reminder-24h":
      return { dueAt: start - 24 * HOUR, expiresAt: start - HOUR };
    case "reminder-1h":
      return { dueAt: start - HOUR, expiresAt: start };
    case "feedback-request":
      return { dueAt: feedbackAt, expiresAt: feedbackAt + 24 * HOUR };
    default:
      return null;
  }
};

/**
 * The cancellation mail, to the student and to the teacher if there was one; when the student's erasure
 * cancelled it (`studentErased`), to the teacher alone: there is no one left to tell on the student's side.
 */
export const mailsOnCancellation = (cancelledAt: string, hadTeacher: boolean, studentErased = false): PlannedMail[] => {
  const at = Date.parse(cancelledAt);
  const mail = (to: Recipient): PlannedMail => ({ kind: "cancelled", to, dueAt: at, expiresAt: at + 6 * HOUR });
  return [...(studentErased ? [] : [mail("student")]), ...(hadTeacher ? [mail("teacher")] : [])];
};

/** An administrator took the teacher away: the student is told the lesson waits for a teacher again. */
export const mailsOnTeacherRemoval = (removedAt: string): PlannedMail[] => {
  const at = Date.parse(removedAt);
  return [{ kind: "teacher-removed", to: "student", dueAt: at, expiresAt: at + 6 * HOUR }];
};

export const lessonMailEventSchemas = {
  LessonMailSent: z.object({ kind: LessonMailKind, recipientId: z.number().int(), at: z.string() }),
  /** The send was refused or timed out (no error text: it may quote the address). */
  LessonMailFailed: z.object({ kind: LessonMailKind, recipientId: z.number().int(), at: z.string() }),
};
export type LessonMailEvent = EventOf<typeof lessonMailEventSchemas>;
export const lessonMailStreams = streamKind("lesson-mails", lessonMailEventSchemas, numericKey);

export type ClaimMail = Command<"ClaimMail", { kind: LessonMailKind; recipientId: number; now: Date }>;
export type ReportMailFailure = Command<"ReportMailFailure", { kind: LessonMailKind; recipientId: number; now: Date }>;
export type LessonMailCommand = ClaimMail | ReportMailFailure;

/** Per e-mail (`kind:recipientId`): whether a claim holds it, and how many sends failed. */
export type LessonMails = Readonly<Record<string, { claimed: boolean; failures: number }>>;
const keyOf = (kind: LessonMailKind, recipientId: number) => `${kind}:${recipientId}`;

const mailOf = (state: LessonMails, command: LessonMailCommand) =>
  state[keyOf(command.kind, command.recipientId)] ?? { claimed: false, failures: 0 };
const dataOf = (command: LessonMailCommand) => ({
  kind: command.kind,
  recipientId: command.recipientId,
  at: command.now.toISOString(),
});

export const claimMail = (command: ClaimMail, state: LessonMails): LessonMailEvent[] => {
  const mail = mailOf(state, command);
  return mail.claimed || mail.failures >= MAX_MAIL_ATTEMPTS ? [] : [{ type: "LessonMailSent", data: dataOf(command) }];
};

export const reportMailFailure = (command: ReportMailFailure, state: LessonMails): LessonMailEvent[] =>
  mailOf(state, command).claimed ? [{ type: "LessonMailFailed", data: dataOf(command) }] : [];

export const lessonMailDecider: Decider<LessonMailCommand, LessonMailEvent, LessonMails> = {
  initialState: () => ({}),
  evolve: (state, event) => {
    const key = keyOf(event.data.kind, event.data.recipientId);
    const before = state[key] ?? { claimed: false, failures: 0 };
    switch (event.type) {
      case "LessonMailSent":
        return { ...state, [key]: { ...before, claimed: true } };
      case "LessonMailFailed":
        return { ...state, [key]: { claimed: false, failures: before.failures + 1 } };
      default:
        return unchanged(state, event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case "ClaimMail":
        return claimMail(command, state);
      case "ReportMailFailure":
        return reportMailFailure(command, state);
      default:
        return assertNever(command);
    }
  },
};

/** Which topics a person turned off; one stream per person: `mail-preferences-{userId}`. */
export const mailPreferenceEventSchemas = {
  MailPreferencesChanged: z.object({ off: z.array(MailTopic) }),
};
export type MailPreferenceEvent = EventOf<typeof mailPreferenceEventSchemas>;
export const mailPreferenceStreams = streamKind("mail-preferences", mailPreferenceEventSchemas, numericKey);
export type SetMailPreferences = Command<"SetMailPreferences", { off: MailTopic[] }>;

export const setMailPreferences = (command: SetMailPreferences, state: MailTopic[]): MailPreferenceEvent[] => {
  const off = mailTopics.filter((topic) => command.off.includes(topic));
  return off.join() === [...state].sort((a, b) => mailTopics.indexOf(a) - mailTopics.indexOf(b)).join()
    ? []
    : [{ type: "MailPreferencesChanged", data: { off } }];
};

export const mailPreferencesDecider: Decider<SetMailPreferences, MailPreferenceEvent, MailTopic[]> = {
  initialState: () => [],
  // One event and one command: nothing to forget.
  evolve: (_state, event) => event.data.off,
  decide: setMailPreferences,
};

export const MailPreferencesView = z.object({ off: z.array(MailTopic) });
export type MailPreferencesView = z.infer<typeof MailPreferencesView>;

export const lessonMailEventDefinitions = Object.entries({
  ...lessonMailEventSchemas,
  ...mailPreferenceEventSchemas,
}).map(([type, schema]) => ({ type, schema }));
