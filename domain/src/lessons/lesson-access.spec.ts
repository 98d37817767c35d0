import { describe, expect, it } from "vitest";
import {
  cancellerRoleOf,
  mayCancelScheduling,
  mayReadScheduling,
  mayReadTeacherFinance,
  viewerRoleOf,
} from "./lesson-access";

const student = { id: 11, authorities: ["ROLE_USER", "ROLE_STUDENT"] };
const otherStudent = { id: 12, authorities: ["ROLE_USER", "ROLE_STUDENT"] };
const teacher = { id: 21, authorities: ["ROLE_USER", "ROLE_TEACHER"] };
const otherTeacher = { id: 22, authorities: ["ROLE_USER", "ROLE_TEACHER"] };
const admin = { id: 31, authorities: ["ROLE_ADMIN", "ROLE_USER"] };

const pending = { student: { id: student.id }, lesson: null };
const claimed = { student: { id: student.id }, lesson: { teacher: { id: teacher.id } } };

describe("who may read a scheduling", () => {
  it("a pending one: its student, every teacher (to claim it) and administrators", () => {
    expect(
      [student, otherStudent, teacher, otherTeacher, admin].map((user) => mayReadScheduling(user, pending)),
    ).toEqual([true, false, true, true, true]);
  });

  it("a claimed one: its student, its teacher and administrators", () => {
    expect(
      [student, otherStudent, teacher, otherTeacher, admin].map((user) => mayReadScheduling(user, claimed)),
    ).toEqual([true, false, true, false, true]);
  });
});

describe("who may cancel a scheduling", () => {
  it("its student and administrators, not another student nor its teacher", () => {
    expect(
      [student, otherStudent, teacher, otherTeacher, admin].map((user) => mayCancelScheduling(user, claimed)),
    ).toEqual([true, false, false, false, true]);
  });
});

describe("in which capacity a user acts on lessons", () => {
  it("lists a teacher's claimed lessons, anyone else's scheduled ones", () => {
    expect(viewerRoleOf(teacher)).toBe("teacher");
    expect(viewerRoleOf(student)).toBe("student");
    expect(viewerRoleOf(admin)).toBe("student");
  });

  it("cancels as support when an administrator, else as the student", () => {
    expect(cancellerRoleOf(admin)).toBe("admin");
    expect(cancellerRoleOf(student)).toBe("student");
  });
});

describe("who may read a teacher's earnings", () => {
  it("that teacher and administrators, no other teacher", () => {
    expect(mayReadTeacherFinance(teacher, teacher.id)).toBe(true);
    expect(mayReadTeacherFinance(admin, teacher.id)).toBe(true);
    expect(mayReadTeacherFinance(otherTeacher, teacher.id)).toBe(false);
  });
});
