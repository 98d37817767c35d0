import { lessonRequestsDue } from "@el/projections/lesson-requests/index";
import type { FastifyInstance } from "fastify";
import { asSystem } from "../../event-store";
import { startPeriodicSweep } from "../../shared/periodic-sweep";
import { expireLessonRequest } from "./lesson-request-commands";

/**
 * Requests still unanswered when their time is over go to the fallback the student chose. The work list
 * (`lesson_requests` still `REQUESTED` past `expires_at`) is in PostgreSQL, so every process looks at it and a
 * request left by a crashed one is found by the others. Two processes lapsing the same request, or a
 * teacher accepting it as it expires, record one outcome: each decides again on the lesson's stream, and
 * the decision lapses only a request still waiting whose time is over. Answers how many it lapsed.
 */
export const sweepLessonRequestsDue = async (app: FastifyInstance): Promise<number> => {
  let lapsed = 0;
  // Requests do not wait for the read model: a sweep does, so it sees every request stored before it began.
  await app.projections.waitFor(await app.eventStore.head(), ["lesson-requests"]);
  for (const lessonId of await lessonRequestsDue(app.db, app.clock.now())) {
    try {
      if (await expireLessonRequest(app, lessonId)) lapsed++;
    } catch (error) {
      // Looked at again at the next sweep; the others are not held up by it.
      app.log.error({ lessonId, err: error }, "lesson request expiry failed");
    }
  }
  return lapsed;
};

export const startLessonRequestExpiry = (app: FastifyInstance, intervalMs: number) => {
  const sweeps = startPeriodicSweep({
    intervalMs,
    sweep: () => asSystem("lesson-request-expiry", () => sweepLessonRequestsDue(app)),
    onError: (error) => app.log.error({ err: error }, "lesson request expiry sweep failed"),
  });
  app.addHook("onClose", () => sweeps.stop());
};
