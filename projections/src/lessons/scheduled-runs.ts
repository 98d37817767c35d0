import type { RecordedEvent } from "@el/domain";
import { type LessonEventData, lessonStreams } from "@el/domain/lessons/lesson";

export interface ScheduledInRun {
  /** The lesson's id, from its stream. */
  lessonId: number;
  data: LessonEventData<"LessonScheduled">;
}

/**
 * An `evolve` for a read model whose only write worth batching is a new lesson's row: each run of
 * lessons scheduled between other events goes to `insertRun` at once (one statement), every other event to
 * `apply`, in their order, so the rows are the ones it leaves one event at a time.
 */
export const applyScheduledInRuns = async (
  events: readonly RecordedEvent[],
  insertRun: (run: readonly ScheduledInRun[]) => Promise<unknown>,
  apply: (event: RecordedEvent) => Promise<unknown>,
) => {
  const run: ScheduledInRun[] = [];
  const insert = async () => {
    if (run.length > 0) await insertRun(run.splice(0));
  };
  for (const recorded of events) {
    if (recorded.type === "LessonScheduled" && lessonStreams.holds(recorded.streamId)) {
      const event = lessonStreams.event(recorded);
      if (event.type === "LessonScheduled") {
        run.push({ lessonId: lessonStreams.parse(event.streamId), data: event.data });
        continue;
      }
    }
    await insert();
    await apply(recorded);
  }
  await insert();
};
