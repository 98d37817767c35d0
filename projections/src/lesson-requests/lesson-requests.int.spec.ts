import { PERSON_REMOVED } from "@el/domain/accounts/index";
import type { LessonEvent, PersonSnapshot } from "@el/domain/lessons/lesson";
import { evolveLessonRequest, initialLessonRequestState } from "@el/domain/lessons/lesson-request-decisions";
import { userRoom } from "@el/domain/realtime";
import { afterAll, describe, expect, it } from "vitest";
import { ana, bruno, lessonEvents } from "../testing/lesson-events";
import { on, projectionSpec } from "../testing/projection-spec";
import { lessonRequestsProjector } from "./lesson-requests-projector";
import { lessonRequestsDue, lessonRequestsOf } from "./lesson-requests-queries";
import { requestOfLesson } from "./request-of-lesson";

const { lesson, scheduled, accepted, cancelled } = lessonEvents({
  createdDate: "2026-03-16T12:00:00.000Z",
  acceptedAt: "2026-03-16T13:00:00.000Z",
  cancelledAt: "2026-03-16T13:30:00.000Z",
});
const carla: PersonSnapshot = { id: 1003, firstName: "Carla", lastName: null };

/** 10:00 in São Paulo on Thursday the 19th of March 2026; asked on Monday at 09:00, answered by 21:00. */
const THURSDAY_10H = "2026-03-19T13:00:00.000Z";
const EXPIRES = "2026-03-17T00:00:00.000Z";

const requested = (id: number, fallback: "BOARD" | "CANCEL" = "BOARD", teacher = bruno, date = THURSDAY_10H) =>
  scheduled(id, date, { chosenTeacher: { teacher, how: "REQUESTED", expiresAt: EXPIRES, fallback } });
const lapsed = (id: number, reason: "DECLINED" | "EXPIRED", fallback: "BOARD" | "CANCEL" = "BOARD") =>
  lesson(id, {
    type: "LessonRequestLapsed",
    data: { teacher: bruno, reason, fallback, at: reason === "EXPIRED" ? EXPIRES : "2026-03-16T14:00:00.000Z" },
  });

const asTeacher = { role: "teacher" as const, id: bruno.id };
const asStudent = { role: "student" as const, id: ana.id };

/** The request as the lesson's own stream has it: what a command answers before the read model shows it. */
const folded = (...events: LessonEvent[]) =>
  requestOfLesson(events.reduce(evolveLessonRequest, initialLessonRequestState()));

describe("lesson-requests read model", () => {
  const spec = projectionSpec(lessonRequestsProjector);
  afterAll(() => spec.close());

  it("lists a request to the teacher asked and to its student, as its events show it, and tells the teacher", () => {
    const event = requested(1, "CANCEL");
    return spec
      .given()
      .when(event)
      .then(async ({ sql, pushes }) => {
        const [view] = await lessonRequestsOf(sql, asTeacher);
        expect(view).toMatchObject({ id: 1, status: "REQUESTED", fallback: "CANCEL", expiresAt: EXPIRES });
        expect(view?.teacher).toEqual(bruno);
        expect(view?.scheduling.lesson).toBeNull();
        expect(await lessonRequestsOf(sql, asStudent)).toEqual([view]);
        expect(view).toEqual(folded(event));
        expect(pushes).toEqual([
          {
            room: userRoom(bruno.id),
            event: "lesson:requested",
            payload: {
              lesson: {
                id: 1,
                date: THURSDAY_10H,
                objective: "TRAVEL",
                level: { id: 3, name: "Básico" },
                trail: { id: 10, number: 1, title: "Hello" },
                student: ana,
              },
              expiresAt: EXPIRES,
            },
          },
        ]);
      });
  });

  it("keeps out open lessons, booked ones and other people's requests", () =>
    spec
      .given(
        scheduled(2, THURSDAY_10H),
        scheduled(3, THURSDAY_10H, { chosenTeacher: { teacher: bruno, how: "BOOKED" } }),
        requested(4, "BOARD", carla),
      )
      .then(async ({ sql }) => {
        expect(await lessonRequestsOf(sql, asTeacher)).toEqual([]);
        expect((await lessonRequestsOf(sql, asStudent)).map((view) => view.id)).toEqual([4]);
      }));

  it("accepted by the teacher asked: the student is told, and sees the teacher and the video link", () => {
    const events = [requested(5), accepted(5)] as const;
    return spec
      .given(events[0])
      .when(events[1])
      .then(async ({ sql, pushes }) => {
        const [view] = await lessonRequestsOf(sql, asStudent);
        expect(view?.status).toBe("ACCEPTED");
        expect(view?.scheduling.lesson).toEqual({ id: 5, meetUrl: "https://meet.jit.si/lesson-5", teacher: bruno });
        expect(view).toEqual(folded(...events));
        expect(pushes).toEqual([
          {
            room: userRoom(ana.id),
            event: "lesson-request:answered",
            payload: { lessonId: 5, status: "ACCEPTED", fallback: "BOARD" },
          },
        ]);
      });
  });

  it("declined or expired: the student is told what became of the lesson", () => {
    const events = [requested(6, "CANCEL"), lapsed(6, "DECLINED", "CANCEL"), cancelled(6)] as const;
    return spec
      .given(events[0], requested(7))
      .when(events[1], events[2], lapsed(7, "EXPIRED"))
      .then(async ({ sql, pushes }) => {
        const views = await lessonRequestsOf(sql, asTeacher);
        expect(views.map((view) => [view.id, view.status])).toEqual([
          [7, "EXPIRED"],
          [6, "DECLINED"],
        ]);
        expect(views[1]).toEqual(folded(...events));
        expect(pushes.map((push) => [push.room, push.event, push.payload])).toEqual([
          [userRoom(ana.id), "lesson-request:answered", { lessonId: 6, status: "DECLINED", fallback: "CANCEL" }],
          [userRoom(ana.id), "lesson-request:answered", { lessonId: 7, status: "EXPIRED", fallback: "BOARD" }],
        ]);
      });
  });

  it("lists the open requests first, the soonest to expire on top, then the latest lessons", () =>
    spec
      .given(
        requested(8, "BOARD", bruno, "2026-03-20T13:00:00.000Z"),
        lapsed(8, "DECLINED"),
        scheduled(9, THURSDAY_10H, {
          chosenTeacher: { teacher: bruno, how: "REQUESTED", expiresAt: "2026-03-16T20:00:00.000Z", fallback: "BOARD" },
        }),
        requested(10),
        requested(11, "BOARD", bruno, "2026-03-18T13:00:00.000Z"),
        lapsed(11, "EXPIRED"),
      )
      .then(async ({ sql }) =>
        expect((await lessonRequestsOf(sql, asTeacher)).map((view) => view.id)).toEqual([9, 10, 8, 11]),
      ));

  it("gives the sweep the requests still open whose time is over, and forgets one cancelled before the answer", () =>
    spec
      .given(requested(12), requested(13), requested(14), accepted(14), requested(15), cancelled(15))
      .then(async ({ sql }) => {
        expect(await lessonRequestsDue(sql, new Date("2026-03-16T23:59:59.000Z"))).toEqual([]);
        expect(await lessonRequestsDue(sql, new Date(EXPIRES))).toEqual([12, 13]);
        expect((await lessonRequestsOf(sql, asStudent)).map((view) => view.id)).toEqual([12, 13, 14]);
        expect(folded(requested(15), cancelled(15))).toBeNull();
      }));

  it("drops a request an administrator gave to another teacher before the answer", () =>
    spec
      .given(requested(16))
      .when(accepted(16, carla))
      .then(async ({ sql, pushes }) => {
        expect(await lessonRequestsOf(sql, asStudent)).toEqual([]);
        expect(pushes).toEqual([]);
      }));

  it("shows who claimed a request that lapsed to the board, and follows a move of the lesson", () =>
    spec
      .given(requested(17), lapsed(17, "EXPIRED"))
      .when(
        accepted(17, carla),
        lesson(17, {
          type: "LessonMoved",
          data: { from: THURSDAY_10H, date: "2026-03-19T14:00:00.000Z", by: 1, at: EXPIRES },
        }),
      )
      .then(async ({ sql, pushes }) => {
        const [view] = await lessonRequestsOf(sql, asTeacher);
        expect(view?.status).toBe("EXPIRED");
        expect(view?.scheduling.lesson?.teacher).toEqual(carla);
        expect(view?.scheduling.date).toBe("2026-03-19T14:00:00.000Z");
        expect(pushes).toEqual([]);
      }));

  it("erases the names of a person whose personal data is erased (LGPD)", () =>
    spec
      .given(requested(18), accepted(18))
      .when(
        on(`student-${ana.id}`, { type: "PersonalDataErased", data: { by: "admin", at: EXPIRES, lessons: [18] } }),
        on(`teacher-${bruno.id}`, { type: "PersonalDataErased", data: { by: "admin", at: EXPIRES, lessons: [18] } }),
      )
      .then(async ({ sql }) => {
        const [view] = await lessonRequestsOf(sql, asTeacher);
        expect(view?.scheduling.student).toEqual({ id: ana.id, firstName: PERSON_REMOVED, lastName: PERSON_REMOVED });
        expect(view?.teacher).toEqual({ id: bruno.id, firstName: PERSON_REMOVED, lastName: PERSON_REMOVED });
        expect(view?.scheduling.lesson?.teacher).toEqual({
          id: bruno.id,
          firstName: PERSON_REMOVED,
          lastName: PERSON_REMOVED,
        });
      }));
});
