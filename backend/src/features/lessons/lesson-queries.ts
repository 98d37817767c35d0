import { forbidden, notFound } from "@el/domain";
import { lessonErrors } from "@el/domain/lessons/lesson";
import { mayReadScheduling, mayReadTeacherFinance, viewerRoleOf } from "@el/domain/lessons/lesson-access";
import type { Sql } from "@el/projections";
import { findUserByLogin } from "@el/projections/accounts/users/index";
import { findScheduling, type LessonViewer, teacherFinanceByMonth } from "@el/projections/lessons/index";
import type { CurrentUser } from "../../plugins/auth";

/** The lesson loop's queries that need more than a read model: who asks decides what they get. */

export const viewerOf = (user: CurrentUser): LessonViewer => ({ id: user.id, role: viewerRoleOf(user) });

export const existingScheduling = async (sql: Sql, id: number) => {
  const scheduling = await findScheduling(sql, id);
  if (!scheduling) throw notFound(lessonErrors.notFound);
  return scheduling;
};

/**
 * One scheduling, for those `mayReadScheduling` lets see it. To anyone else it is not found, as an unknown id
 * is: a 403 for one and a 404 for the other would tell which ids exist.
 */
export const schedulingFor = async (sql: Sql, user: CurrentUser, id: number) => {
  const scheduling = await existingScheduling(sql, id);
  if (!mayReadScheduling(user, scheduling)) throw notFound(lessonErrors.notFound);
  return scheduling;
};

/** A teacher's earnings by month (`login` must be a teacher's), for that teacher and administrators. */
export const teacherFinanceFor = async (sql: Sql, user: CurrentUser, login: string, now: Date) => {
  const owner = await findUserByLogin(sql, login);
  if (owner?.kind !== "teacher") throw notFound();
  if (!mayReadTeacherFinance(user, owner.id)) throw forbidden();
  return teacherFinanceByMonth(sql, owner.id, now);
};
