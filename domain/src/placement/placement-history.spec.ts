import { describe, expect, it } from "vitest";
import { streamHistory } from "../audit/stream-history";
import type { RecordedEvent } from "../shared/events";

const recorded = (version: number, type: string, data: unknown, at: string): RecordedEvent => ({
  transactionId: BigInt(version),
  globalPosition: BigInt(version),
  streamId: "placement-7",
  streamVersion: version,
  type,
  schemaVersion: 1,
  data,
  metadata: { occurredAt: at },
  eventId: `event-${version}`,
  recordedAt: new Date(at),
});

describe("a level test's history, as the auditors read it", () => {
  it("folds the student's placement stream with the level test's own rules", () => {
    const history = [
      recorded(
        1,
        "PlacementTestStarted",
        { testId: 10, studentId: 7, seed: 3, firstQuestionId: "b2-01", startedAt: "2026-03-01T12:00:00.000Z" },
        "2026-03-01T12:00:00.000Z",
      ),
      recorded(
        2,
        "PlacementQuestionAnswered",
        {
          testId: 10,
          questionId: "b2-01",
          choice: 2,
          correct: true,
          nextQuestionId: "b3-01",
          answeredAt: "2026-03-01T12:01:00.000Z",
        },
        "2026-03-01T12:01:00.000Z",
      ),
    ];
    const { kind, state } = streamHistory("placement-7", history);
    expect(kind).toBe("placement");
    expect(state).toEqual({
      open: {
        id: 10,
        seed: 3,
        startedAt: "2026-03-01T12:00:00.000Z",
        asked: [
          { questionId: "b2-01", band: 2, choice: 2, correct: true },
          { questionId: "b3-01", band: 3 },
        ],
      },
    });
  });
});
