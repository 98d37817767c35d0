import { PERSON_REMOVED } from "@el/domain/accounts/index";
import { type DisputeEvent, disputeStreams } from "@el/domain/disputes/dispute";
import type { PersonSnapshot } from "@el/domain/lessons/lesson";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../testing/projection-spec";
import { disputesProjector } from "./disputes-projector";
import { disputeOf, disputesOf, flaggedTeachers } from "./disputes-queries";

const ana: PersonSnapshot = { id: 1001, firstName: "Ana", lastName: "Souza" };
const bruno: PersonSnapshot = { id: 2001, firstName: "Bruno", lastName: "Lima" };
const carla: PersonSnapshot = { id: 2002, firstName: "Carla", lastName: null };
const now = new Date("2026-03-20T12:00:00.000Z");
const day = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();

const dispute = (lessonId: number, event: DisputeEvent, at?: string) => on(disputeStreams.id(lessonId), event, at);
const opened = (
  lessonId: number,
  {
    teacher = bruno,
    reason = "TEACHER_ABSENT",
    at = day(1),
  }: Partial<{ teacher: PersonSnapshot; reason: "TEACHER_ABSENT" | "STUDENT_ABSENT" | "TECHNICAL"; at: string }> = {},
) =>
  dispute(lessonId, {
    type: "DisputeOpened",
    data: {
      lessonId,
      lessonDate: "2026-03-01T13:00:00.000Z",
      reason,
      comment: "Esperei 30 minutos.",
      openedBy: "STUDENT",
      student: ana,
      teacher,
      at,
    },
  });
const answered = (lessonId: number) =>
  dispute(lessonId, { type: "DisputeAnswered", data: { comment: "Eu estava lá.", by: bruno.id, at: day(0.5) } });
const resolved = (lessonId: number, payTeacher: boolean) =>
  dispute(lessonId, {
    type: "DisputeResolved",
    data: { refundStudent: true, payTeacher, reason: "Confirmado", by: 1, at: day(0.2) },
  });

describe("disputes read model", () => {
  const spec = projectionSpec(disputesProjector);
  afterAll(() => spec.close());

  it("shows a dispute to its two sides and the back office, and tells the other side it was opened", () =>
    spec
      .given()
      .when(opened(7))
      .then(async ({ sql, pushes }) => {
        expect(pushes).toEqual([
          {
            room: `user:${bruno.id}`,
            event: "dispute:changed",
            payload: { disputeId: 7, lessonId: 7, status: "OPEN" },
          },
        ]);
        const view = await disputeOf(sql, { role: "teacher", id: bruno.id }, 7);
        expect(view).toMatchObject({
          id: 7,
          status: "OPEN",
          reason: "TEACHER_ABSENT",
          student: { id: ana.id, name: "Ana Souza" },
          teacher: { id: bruno.id, name: "Bruno Lima" },
          answerDeadline: new Date(Date.parse(day(1)) + 48 * 3_600_000).toISOString(),
          answer: null,
          resolution: null,
        });
        expect(await disputeOf(sql, { role: "teacher", id: carla.id }, 7)).toBeNull();
        expect(await disputesOf(sql, { role: "student", id: ana.id }, undefined)).toHaveLength(1);
        expect(await disputesOf(sql, { role: "admin" }, "RESOLVED")).toEqual([]);
      }));

  it("records the answer and the resolution, each told to both sides", () =>
    spec
      .given(opened(7))
      .when(answered(7), resolved(7, false))
      .then(async ({ sql, pushes }) => {
        expect(pushes.map((push) => [push.room, (push.payload as { status: string }).status])).toEqual([
          [`user:${ana.id}`, "ANSWERED"],
          [`user:${bruno.id}`, "ANSWERED"],
          [`user:${ana.id}`, "RESOLVED"],
          [`user:${bruno.id}`, "RESOLVED"],
        ]);
        const [view] = await disputesOf(sql, { role: "admin" }, "RESOLVED");
        expect(view).toMatchObject({
          answer: { comment: "Eu estava lá." },
          resolution: { refundStudent: true, payTeacher: false, reason: "Confirmado" },
        });
      }));

  it("flags a teacher reported absent, or withheld, three times in 30 days", () =>
    spec
      .given(
        opened(1),
        opened(2, { reason: "TECHNICAL" }),
        resolved(2, false),
        opened(3, { at: day(29) }),
        opened(4, { at: day(31) }),
        opened(5, { teacher: carla }),
        opened(6, { teacher: carla, reason: "TECHNICAL" }),
        opened(8, { teacher: carla, reason: "STUDENT_ABSENT" }),
      )
      .then(async ({ sql }) => {
        expect(await flaggedTeachers(sql, now)).toEqual([{ teacherId: bruno.id, name: "Bruno Lima", disputes: 3 }]);
      }));

  it("shows an erased person's names and what was written about the lesson as removed", () =>
    spec
      .given(opened(7), answered(7))
      .when(on(`student-${ana.id}`, { type: "PersonalDataErased", data: {} }))
      .then(async ({ sql }) => {
        const view = await disputeOf(sql, { role: "admin" }, 7);
        expect(view).toMatchObject({
          student: { name: PERSON_REMOVED },
          teacher: { name: "Bruno Lima" },
          comment: PERSON_REMOVED,
          answer: { comment: PERSON_REMOVED },
        });
      }));
});
