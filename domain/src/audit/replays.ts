import { z } from "zod";

/**
 * Replays to a moment: one read model rebuilt as the store stood at an instant, into a schema of
 * its own, then read through the product's own read endpoints with `replay=<id>` (`GET /api/lessons`,
 * `GET /api/lessons/totals`, `GET /api/users/{kind}`, `GET /api/purchases`, `GET /api/purchases/totalAmount`).
 * Declared once for the routes, the socket push and the web app.
 */

/** The read model the lesson-control list and totals read: what an auditor replays most. */
export const LESSON_CONTROL_PROJECTION = "lesson-schedulings";

/**
 * Read models the same read endpoints need beside the one named, replayed with it into its schema: the
 * lesson-control list and totals count from `lesson-control-counts` as well as reading `lesson_schedulings`.
 */
export const REPLAYED_WITH: Readonly<Record<string, readonly string[]>> = {
  [LESSON_CONTROL_PROJECTION]: ["lesson-control-counts"],
};

/** The read models of the back office's users lists and purchases list. */
export const USERS_PROJECTION = "users";
export const PURCHASES_PROJECTION = "purchases";

/** The back-office lists that read a replay given `?replay=<id>` in their URL, by the read model they show. */
export const REPLAY_LIST_SCREENS: Readonly<Record<string, readonly string[]>> = {
  [USERS_PROJECTION]: ["/gerencia/aluno", "/gerencia/professor"],
  [PURCHASES_PROJECTION]: ["/gerencia/compra"],
};

/** Whether a path is a back-office list that can show a replay (an auditor may open it with `?replay=`). */
export const isReplayListScreen = (path: string) =>
  Object.values(REPLAY_LIST_SCREENS).some((paths) => paths.includes(path.replace(/\/+$/, "")));

/**
 * The screens that read a finished replay of `projection`, each a path to follow as it is: the lesson
 * control of a moment (`/auditoria/replays/{id}`), the back-office lists with `?replay={id}`. None: the
 * read model has no read view yet (a replay of it can be taken, not read).
 */
export const replayScreensOf = (projection: string, id: string): string[] => [
  ...(projection === LESSON_CONTROL_PROJECTION ? [`/auditoria/replays/${id}`] : []),
  ...(REPLAY_LIST_SCREENS[projection] ?? []).map((path) => `${path}?replay=${id}`),
];

/** A replay's id: its schema is `replay_{id}`, so only these characters. */
export const ReplayId = z.string().regex(/^[a-z0-9]{12}$/, "audit.replays.error.id");

export const ReplayStatus = z.enum(["running", "done", "failed"]);
export type ReplayStatus = z.infer<typeof ReplayStatus>;

export const StartReplayBody = z.object({
  projection: z.string().min(1).max(100),
  at: z.iso.datetime({ offset: true, message: "audit.replays.error.at" }),
});
export type StartReplayBody = z.infer<typeof StartReplayBody>;

export const ReplayView = z.object({
  id: ReplayId,
  projection: z.string(),
  /** Events stored at or before this instant are in it. */
  at: z.string(),
  status: ReplayStatus,
  /** Events replayed so far, of `total` (counted when it started). */
  replayed: z.number().int(),
  total: z.number().int(),
  error: z.string().nullable(),
  requestedBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When it is dropped (`AUDIT_REPLAY_TTL_MS` after it was asked for). */
  expiresAt: z.string(),
  /** The screens that read it once done (`replayScreensOf`); empty when its read model has no read view. */
  screens: z.array(z.string()),
});
export type ReplayView = z.infer<typeof ReplayView>;

export const ReplayList = z.array(ReplayView);

/** The read models a replay can rebuild, by name. */
export const ReplayableProjections = z.array(z.string());
