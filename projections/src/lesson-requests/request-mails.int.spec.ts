import { afterAll, describe, expect, it } from "vitest";
import type { Sql } from "../sql";
import { ana, bruno, lessonEvents } from "../testing/lesson-events";
import { on, projectionSpec } from "../testing/projection-spec";
import { requestMailsProjector } from "./request-mails";

const { lesson, scheduled, accepted } = lessonEvents({ createdDate: "2026-03-16T12:00:00.000Z" });
const EXPIRES = "2026-03-17T00:00:00.000Z";
const requested = (id: number) =>
  scheduled(id, "2026-03-19T13:00:00.000Z", {
    chosenTeacher: { teacher: bruno, how: "REQUESTED", expiresAt: EXPIRES, fallback: "BOARD" },
  });
const lapsed = (id: number, reason: "DECLINED" | "EXPIRED") =>
  lesson(id, { type: "LessonRequestLapsed", data: { teacher: bruno, reason, fallback: "BOARD", at: EXPIRES } });

const workList = async (sql: Sql) =>
  (
    await sql.query<{
      lesson_id: string;
      kind: string;
      recipient_id: string;
      state: string;
      due_at: Date;
      expires_at: Date;
    }>(
      "select lesson_id, kind, recipient_id, state, due_at, expires_at from lesson_request_mails order by lesson_id, kind",
    )
  ).rows.map((row) => ({
    lesson: Number(row.lesson_id),
    kind: row.kind,
    to: Number(row.recipient_id),
    state: row.state,
    from: new Date(row.due_at).toISOString(),
    until: new Date(row.expires_at).toISOString(),
  }));

describe("request e-mails' work list", () => {
  const spec = projectionSpec(requestMailsProjector);
  afterAll(() => spec.close());

  it("plans the teacher's e-mail while they may answer, and the student's on a lapse, the teacher's then skipped", () =>
    spec
      .given(requested(1), requested(2), scheduled(3, "2026-03-19T13:00:00.000Z"))
      .when(
        lapsed(1, "EXPIRED"),
        accepted(2),
        on("request-mails-2", {
          type: "RequestMailSent",
          data: { kind: "requested", recipientId: bruno.id, at: EXPIRES },
        }),
      )
      .then(async ({ sql }) =>
        expect(await workList(sql)).toEqual([
          { lesson: 1, kind: "expired", to: ana.id, state: "due", from: EXPIRES, until: "2026-03-17T12:00:00.000Z" },
          {
            lesson: 1,
            kind: "requested",
            to: bruno.id,
            state: "skipped",
            from: "2026-03-16T12:00:00.000Z",
            until: EXPIRES,
          },
          {
            lesson: 2,
            kind: "requested",
            to: bruno.id,
            state: "sent",
            from: "2026-03-16T12:00:00.000Z",
            until: EXPIRES,
          },
        ]),
      ));

  it("counts a failed send and gives up after the attempts, and sends nothing to an erased person", () =>
    spec
      .given(requested(4), requested(5), lapsed(5, "DECLINED"))
      .when(
        ...Array.from({ length: 3 }, () =>
          on("request-mails-4", {
            type: "RequestMailFailed",
            data: { kind: "requested", recipientId: bruno.id, at: EXPIRES },
          }),
        ),
        on(`student-${ana.id}`, { type: "PersonalDataErased", data: { by: "admin", at: EXPIRES, lessons: [5] } }),
      )
      .then(async ({ sql }) =>
        expect((await workList(sql)).map(({ lesson, kind, state }) => [lesson, kind, state])).toEqual([
          [4, "requested", "failed"],
          [5, "declined", "skipped"],
          [5, "requested", "skipped"],
        ]),
      ));
});
