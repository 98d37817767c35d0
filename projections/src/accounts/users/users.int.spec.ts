import {
  type AdminEvent,
  type AdministratorRegistered,
  adminStreams,
  PERSON_REMOVED,
  type StudentEvent,
  type StudentRegistered,
  studentStreams,
  type TeacherApplied,
  type TeacherEvent,
  teacherStreams,
} from "@el/domain/accounts/index";
import { afterAll, describe, expect, it } from "vitest";
import { on, projectionSpec } from "../../testing/projection-spec";
import { pendingTeacherApplications } from "./teacher-applications";
import { usersProjector } from "./users-projector";
import { countUsers, findUserById, findUserByLogin, findUserBySignInName, pageUsers } from "./users-queries";

const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA";

const student = (id: number, event: StudentEvent, at?: string) => on(studentStreams.id(id), event, at);
const teacher = (id: number, event: TeacherEvent) => on(teacherStreams.id(id), event);
const admin = (login: string, event: AdminEvent) => on(adminStreams.id(login), event);

const studentRegistered = (id: number, fields: Partial<StudentRegistered> = {}) =>
  student(id, {
    type: "StudentRegistered",
    data: {
      id,
      login: `student${id}@example.com`,
      email: `student${id}@example.com`,
      firstName: "Ana",
      lastName: "Souza",
      phone: "11 98888-7777",
      level: 2,
      objective: "TRAVEL",
      seen: "FRIENDS",
      langKey: "pt-br",
      passwordHash: HASH,
      registeredAt: "2026-03-01T10:00:00.000Z",
      ...fields,
    },
  });

const teacherApplied = (id: number, fields: Partial<TeacherApplied> = {}) =>
  teacher(id, {
    type: "TeacherApplied",
    data: {
      id,
      login: `teacher${id}@example.com`,
      email: `teacher${id}@example.com`,
      firstName: "Bruno",
      lastName: "Lima",
      phone: null,
      experience: "Ten years in Toronto",
      langKey: "pt-br",
      passwordHash: HASH,
      appliedAt: "2026-03-01T11:00:00.000Z",
      ...fields,
    },
  });

const administratorRegistered = (id: number, login: string, fields: Partial<AdministratorRegistered> = {}) =>
  admin(login, {
    type: "AdministratorRegistered",
    data: {
      id,
      login,
      email: `${login}@example.com`,
      firstName: "Carla",
      lastName: null,
      imageUrl: null,
      langKey: "en",
      passwordHash: HASH,
      authorities: ["ROLE_USER", "ROLE_ADMIN"],
      registeredAt: "2026-03-01T09:00:00.000Z",
      ...fields,
    },
  });

const granted = (id: number, amount: number) =>
  student(id, { type: "CreditsGranted", data: { amount, grantedBy: "admin" } });
const spent = (id: number, lessonId: number) =>
  student(id, { type: "CreditSpent", data: { lessonId, schedulingId: lessonId } });
const refunded = (id: number, lessonId: number) =>
  student(id, { type: "CreditRefunded", data: { lessonId, reason: "cancelled" } });

describe("users read model", () => {
  const spec = projectionSpec(usersProjector);
  afterAll(() => spec.close());

  it("holds a registered student, signed up by themself, with no credits yet", () =>
    spec
      .given()
      .when(studentRegistered(1001))
      .then(async ({ sql }) => {
        expect(await findUserByLogin(sql, "Student1001@Example.com ")).toMatchObject({
          id: 1001,
          streamId: studentStreams.id(1001),
          kind: "student",
          authorities: ["ROLE_USER", "ROLE_STUDENT"],
          activated: true,
          accepted: true,
          balance: 0,
          levelId: 2,
          objective: "TRAVEL",
          createdBy: "student1001@example.com",
          createdDate: "2026-03-01T10:00:00.000Z",
        });
      }));

  it("rebuilds the rows of two erased people, whose registrations read 'titular removido', under logins that name no one", () => {
    const erased = {
      login: PERSON_REMOVED,
      email: PERSON_REMOVED,
      firstName: PERSON_REMOVED,
      lastName: PERSON_REMOVED,
    };
    return spec
      .given()
      .when(studentRegistered(1001, erased), studentRegistered(1002, erased))
      .then(async ({ sql }) => {
        expect(await findUserByLogin(sql, "titular-removido-1001")).toMatchObject({ id: 1001 });
        expect(await findUserByLogin(sql, "titular-removido-1002")).toMatchObject({ id: 1002 });
      });
  });

  it("answers the balance after credits are granted, one is spent and another refunded, telling the student each time", () =>
    spec
      .given(studentRegistered(1001), granted(1001, 3))
      .when(spent(1001, 2001), spent(1001, 2002), refunded(1001, 2001))
      .then(async ({ sql, pushes }) => {
        expect((await findUserById(sql, 1001))?.balance).toBe(2);
        expect(pushes).toEqual(
          [2, 1, 2].map((balance) => ({
            room: "user:1001",
            event: "balance:changed",
            payload: { balance, trialCredits: 0 },
          })),
        );
      }));

  it("keeps the free trial lesson apart from the paid credits: spent on a trial lesson, back when it is cancelled", () =>
    spec
      .given(studentRegistered(1001), granted(1001, 2))
      .when(
        student(1001, { type: "TrialCreditsGranted", data: { amount: 1 } }),
        student(1001, { type: "CreditSpent", data: { lessonId: 2001, schedulingId: 2001, trial: true } }),
        student(1001, {
          type: "CreditRefunded",
          data: { lessonId: 2001, reason: "cancelled", trial: true },
        }),
        student(1001, { type: "CreditsRevoked", data: { amount: 2, revokedBy: "purchase-9" } }),
      )
      .then(async ({ sql, pushes }) => {
        const student = await findUserById(sql, 1001);
        expect([student?.balance, student?.trialCredits]).toEqual([0, 1]);
        expect(pushes.map((push) => push.payload)).toEqual([
          { balance: 2, trialCredits: 1 },
          { balance: 2, trialCredits: 0 },
          { balance: 2, trialCredits: 1 },
          { balance: 0, trialCredits: 1 },
        ]);
      }));

  it("never shows a negative balance", () =>
    spec
      .given(studentRegistered(1001))
      .when(spent(1001, 2001))
      .then(async ({ sql }) => expect((await findUserById(sql, 1001))?.balance).toBe(0)));

  it("keeps a teacher's application out of sign-in until an administrator accepts it", async () => {
    await spec
      .given(teacherApplied(1002))
      .then(async ({ sql }) =>
        expect(await findUserById(sql, 1002)).toMatchObject({ kind: "teacher", activated: false, accepted: false }),
      );
    await spec
      .given(teacherApplied(1002))
      .when(teacher(1002, { type: "TeacherAccepted", data: { by: "carla" } }))
      .then(async ({ sql }) =>
        expect(await findUserById(sql, 1002)).toMatchObject({
          activated: true,
          accepted: true,
          lastModifiedBy: "carla",
        }),
      );
  });

  it("queues the applications neither accepted nor turned down, oldest first; accepting a refused one takes it on", async () => {
    const rejected = (id: number) =>
      teacher(id, {
        type: "TeacherRejected",
        data: { by: "carla", reason: "Sem experiência", at: "2026-03-05T12:00:00.000Z" },
      });
    await spec
      .given(
        teacherApplied(1003, { appliedAt: "2026-03-03T12:00:00.000Z" }),
        teacherApplied(1002, { appliedAt: "2026-03-02T12:00:00.000Z" }),
        teacherApplied(1004),
        teacher(1004, { type: "TeacherAccepted", data: { by: "carla" } }),
        teacherApplied(1005),
      )
      .when(rejected(1005))
      .then(async ({ sql }) => {
        expect((await pendingTeacherApplications(sql)).map((row) => row.id)).toEqual([1002, 1003]);
        expect(await findUserById(sql, 1005)).toMatchObject({ accepted: false, lastModifiedBy: "carla" });
      });
    await spec
      .given(teacherApplied(1005), rejected(1005))
      .when(teacher(1005, { type: "TeacherAccepted", data: { by: "carla" } }))
      .then(async ({ sql }) => {
        expect(await findUserById(sql, 1005)).toMatchObject({ accepted: true, activated: true });
        const { rows } = await sql.query<{ rejected_reason: string | null }>(
          "select rejected_reason from users where id = 1005",
        );
        expect(rows[0]?.rejected_reason).toBeNull();
      });
  });

  it("changes only the profile fields a change names, and says who changed them and when", () =>
    spec
      .given(studentRegistered(1001))
      .when(
        on(
          studentStreams.id(1001),
          { type: "ProfileChanged", data: { changes: { city: "Recife", phone: null }, by: "admin" } },
          "2026-03-05T15:30:00.000Z",
        ),
      )
      .then(async ({ sql }) =>
        expect(await findUserById(sql, 1001)).toMatchObject({
          city: "Recife",
          phone: null,
          firstName: "Ana",
          lastModifiedBy: "admin",
          lastModifiedDate: "2026-03-05T15:30:00.000Z",
        }),
      ));

  it("takes the level the level test placed a student in as their level", () =>
    spec
      .given(studentRegistered(1001), studentRegistered(1002))
      .when(
        student(
          1001,
          { type: "LevelAssessed", data: { levelId: 4, testId: 3001, at: "2026-03-06T10:00:00.000Z" } },
          "2026-03-06T10:00:00.000Z",
        ),
      )
      .then(async ({ sql }) => {
        expect(await findUserById(sql, 1001)).toMatchObject({
          levelId: 4,
          lastModifiedBy: "student1001@example.com",
          lastModifiedDate: "2026-03-06T10:00:00.000Z",
        });
        expect((await findUserById(sql, 1002))?.levelId).toBe(2);
      }));

  it("grants an authority once however often it is granted, and revokes it", () =>
    spec
      .given(administratorRegistered(1003, "carla"))
      .when(
        admin("carla", { type: "AuthorityGranted", data: { authority: "ROLE_TEACHER", by: "root" } }),
        admin("carla", { type: "AuthorityGranted", data: { authority: "ROLE_TEACHER", by: "root" } }),
        admin("carla", { type: "AuthorityRevoked", data: { authority: "ROLE_ADMIN", by: "root" } }),
      )
      .then(async ({ sql }) =>
        expect((await findUserByLogin(sql, "carla"))?.authorities).toEqual(["ROLE_USER", "ROLE_TEACHER"]),
      ));

  it("deactivates and reactivates an account", () =>
    spec
      .given(studentRegistered(1001))
      .when(student(1001, { type: "AccountDeactivated", data: { by: "admin" } }))
      .then(async ({ sql }) => expect((await findUserById(sql, 1001))?.activated).toBe(false)));

  it("forgets a deleted account, so its e-mail and login find no one", () =>
    spec
      .given(studentRegistered(1001), studentRegistered(1004, { login: "bia@example.com", email: "bia@example.com" }))
      .when(student(1001, { type: "AccountDeleted", data: { by: "admin" } }))
      .then(async ({ sql }) => {
        expect(await findUserBySignInName(sql, "student1001@example.com")).toBeUndefined();
        expect(await countUsers(sql, "student")).toBe(1);
      }));

  it("finds who signs in by login or by e-mail, whatever the case", () =>
    spec.given(administratorRegistered(1003, "carla", { email: "Carla.Admin@Example.com" })).then(async ({ sql }) => {
      expect((await findUserBySignInName(sql, "CARLA"))?.id).toBe(1003);
      expect((await findUserBySignInName(sql, "carla.admin@example.com"))?.id).toBe(1003);
    }));

  it("pages one kind of user by part of a name or e-mail, sorted, with the total", () =>
    spec
      .given(
        studentRegistered(1001, { firstName: "Beatriz" }),
        studentRegistered(1004, { firstName: "Ana Beatriz", login: "ana@example.com", email: "ana@example.com" }),
        studentRegistered(1005, { firstName: "Carlos", login: "carlos@example.com", email: "carlos@example.com" }),
        teacherApplied(1002, { firstName: "Beatriz" }),
      )
      .then(async ({ sql }) => {
        const page = await pageUsers(sql, {
          kind: "student",
          page: 0,
          size: 1,
          sort: [{ field: "firstName", direction: "asc" }],
          search: "BEATRIZ",
        });
        expect(page.total).toBe(2);
        expect(page.users.map((user) => user.firstName)).toEqual(["Ana Beatriz"]);
        const secondPage = await pageUsers(sql, {
          kind: "student",
          page: 1,
          size: 1,
          sort: [{ field: "firstName", direction: "asc" }],
          search: "beatriz",
        });
        expect(secondPage.users.map((user) => user.id)).toEqual([1001]);
      }));
});
