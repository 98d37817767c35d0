import { describe, expect, it } from "vitest";
import { expectedOf, fromStored, recordedOf } from "./appends";

describe("an append's answer", () => {
  const stored = {
    nextVersions: { "lesson-7": 3, "student-1042": 12 },
    lastPosition: { transactionId: "812", globalPosition: "90417" },
    result: { id: 7 },
  };

  it("asks PostgreSQL for a stream that must not exist when the expected version is 0, else as given", () => {
    expect(expectedOf(0)).toBe("no_stream");
    expect(expectedOf(4)).toBe("4");
    expect(expectedOf("any")).toBe("any");
    expect(expectedOf("stream_exists")).toBe("stream_exists");
  });

  it("turns what es_append_many stored into positions and versions, a retry's answer marked duplicate", () => {
    expect(fromStored(stored, true)).toEqual({
      nextVersions: stored.nextVersions,
      lastPosition: { transactionId: 812n, globalPosition: 90_417n },
      result: { id: 7 },
      duplicate: true,
      recorded: [],
    });
  });

  it("gives back the events sent as a read would, numbered up to each stream's version after the append", () => {
    const event = (type: string, eventId: string) => ({
      type,
      schemaVersion: 1,
      data: { lessonId: 7 },
      metadata: { userId: "1042" },
      eventId,
    });
    const payload = JSON.stringify([
      { streamId: "lesson-7", events: [event("LessonScheduled", "e1"), event("LessonAccepted", "e2")] },
      { streamId: "student-1042", events: [event("CreditSpent", "e3")] },
    ]);
    const recorded = recordedOf(payload, fromStored(stored, false));
    expect(recorded.map(({ streamId, streamVersion, type }) => [streamId, streamVersion, type])).toEqual([
      ["lesson-7", 2, "LessonScheduled"],
      ["lesson-7", 3, "LessonAccepted"],
      ["student-1042", 12, "CreditSpent"],
    ]);
    expect(recorded.every((one) => one.transactionId === 812n && one.globalPosition === 90_417n)).toBe(true);
  });
});
