import { describe, expect, it } from "vitest";
import { specFor } from "../shared/spec";
import { type CalendarLesson, calendarEntriesOf } from "./calendar-entries";
import { calendarFeedDecider } from "./calendar-feed";

const given = specFor(calendarFeedDecider);
const now = new Date("2026-11-24T15:00:00.000Z");
const digest = (char: string) => char.repeat(64);

describe("calendar feed", () => {
  it("issues an address to a person who has none", () => {
    given([])
      .when({ type: "IssueFeed", tokenDigest: digest("a"), now })
      .then([{ type: "CalendarFeedIssued", data: { tokenDigest: digest("a"), issuedAt: now.toISOString() } }]);
  });

  it("replaces the address when issued again: the new digest is the only one that counts", () => {
    const issued = { type: "CalendarFeedIssued" as const, data: { tokenDigest: digest("a"), issuedAt: "x" } };
    given([issued])
      .when({ type: "IssueFeed", tokenDigest: digest("b"), now })
      .then([{ type: "CalendarFeedIssued", data: { tokenDigest: digest("b"), issuedAt: now.toISOString() } }]);
    const state = calendarFeedDecider.evolve(calendarFeedDecider.evolve(calendarFeedDecider.initialState(), issued), {
      type: "CalendarFeedIssued",
      data: { tokenDigest: digest("b"), issuedAt: now.toISOString() },
    });
    expect(state).toEqual({ status: "active", tokenDigest: digest("b"), issuedAt: now.toISOString() });
  });

  it("revokes an active address, and revoking none changes nothing", () => {
    const issued = { type: "CalendarFeedIssued" as const, data: { tokenDigest: digest("a"), issuedAt: "x" } };
    given([issued])
      .when({ type: "RevokeFeed", now })
      .then([{ type: "CalendarFeedRevoked", data: { revokedAt: now.toISOString() } }]);
    given([]).when({ type: "RevokeFeed", now }).then([]);
    given([issued, { type: "CalendarFeedRevoked", data: { revokedAt: "y" } }])
      .when({ type: "RevokeFeed", now })
      .then([]);
  });
});

describe("calendar entries", () => {
  const lesson = (overrides: Partial<CalendarLesson>): CalendarLesson => ({
    id: 2001,
    date: "2026-12-01T13:00:00.000Z",
    status: "accepted",
    trailTitle: "Viagens e aeroportos",
    levelName: "Intermediário",
    studentName: "Ana Souza",
    teacherName: "Bruno Lima",
    meetUrl: "https://meet.jit.si/el-2001-abc",
    ...overrides,
  });

  it("shows a student's accepted lesson confirmed, an hour long, with its teacher and video link", () => {
    const [entry] = calendarEntriesOf([lesson({})], "student", "aulas.example.com");
    expect(entry).toEqual({
      uid: "lesson-2001@aulas.example.com",
      start: Date.parse("2026-12-01T13:00:00.000Z"),
      end: Date.parse("2026-12-01T14:00:00.000Z"),
      title: "Aula de inglês: Viagens e aeroportos",
      description:
        "Intermediário — Viagens e aeroportos\nProfessor: Bruno Lima\nLink da aula: https://meet.jit.si/el-2001-abc",
      url: "https://meet.jit.si/el-2001-abc",
      status: "CONFIRMED",
    });
  });

  it("shows a lesson waiting for a teacher as tentative, and a cancelled one cancelled under the same uid", () => {
    const [waiting, cancelled] = calendarEntriesOf(
      [
        lesson({ status: "pending", teacherName: null, meetUrl: null }),
        lesson({ id: 2002, status: "cancelled", meetUrl: "https://meet.jit.si/el-2002" }),
      ],
      "student",
      "h",
    );
    expect([waiting?.status, waiting?.url, waiting?.description]).toEqual([
      "TENTATIVE",
      null,
      "Intermediário — Viagens e aeroportos\nAguardando um professor aceitar a aula",
    ]);
    expect([cancelled?.uid, cancelled?.status, cancelled?.title, cancelled?.url]).toEqual([
      "lesson-2002@h",
      "CANCELLED",
      "Aula cancelada: Viagens e aeroportos",
      null,
    ]);
  });

  it("names the student to the teacher", () => {
    const [entry] = calendarEntriesOf([lesson({})], "teacher", "h");
    expect(entry?.description).toContain("Aluno: Ana Souza");
  });
});
