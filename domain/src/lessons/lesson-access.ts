/**
 * Who may see and do what with a lesson, given who asks. Routes guard by role; these rules need the
 * lesson itself or decide in which capacity the user acts.
 */

/** The signed-in user, as the backend knows them on every request. */
export interface LessonUser {
  id: number;
  authorities: readonly string[];
}

/** What these rules read of a scheduling: its student and, once claimed, its teacher. */
export interface SchedulingParties {
  student: { id: number };
  lesson: { teacher: { id: number } } | null;
}

const isAdmin = (user: LessonUser) => user.authorities.includes("ROLE_ADMIN");

/** Lists and prompts show a teacher the lessons they claimed, anyone else the lessons they scheduled. */
export const viewerRoleOf = (user: LessonUser): "student" | "teacher" =>
  user.authorities.includes("ROLE_TEACHER") ? "teacher" : "student";

/** A pending lesson is open to every teacher (to claim it); otherwise only its student, its teacher and admins. */
export const mayReadScheduling = (user: LessonUser, scheduling: SchedulingParties) =>
  isAdmin(user) ||
  scheduling.student.id === user.id ||
  scheduling.lesson?.teacher.id === user.id ||
  (scheduling.lesson === null && user.authorities.includes("ROLE_TEACHER"));

/**
 * An administrator cancels as support (any lesson, any time); anyone else as the lesson's student, whom
 * the lesson's decider then holds to their own lessons and the 24-hour notice.
 */
export const cancellerRoleOf = (user: LessonUser): "student" | "admin" => (isAdmin(user) ? "admin" : "student");

/**
 * A student cancels only their own lessons, an administrator any. Another student's lesson is not found for
 * them, whatever its state: a 403 for one and a 200 for an already cancelled one would tell which exist.
 */
export const mayCancelScheduling = (user: LessonUser, scheduling: Pick<SchedulingParties, "student">) =>
  isAdmin(user) || scheduling.student.id === user.id;

/** A teacher's earnings by month are for that teacher and administrators. */
export const mayReadTeacherFinance = (user: LessonUser, teacherId: number) => user.id === teacherId || isAdmin(user);
