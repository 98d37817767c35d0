import type { Sql } from "../../sql";

/** A teacher application waiting for an administrator, as the review queue shows it. */
export interface TeacherApplicationRow {
  id: number;
  login: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  experience: string | null;
  appliedAt: string;
}

/** The applications neither accepted nor turned down, oldest first (from the `users` read model). */
export const pendingTeacherApplications = async (db: Sql): Promise<TeacherApplicationRow[]> => {
  const { rows } = await db.query<{
    id: string;
    login: string;
    email: string;
    first_name: string | null;
    last_name: string | null;
    phone: string | null;
    experience: string | null;
    created_date: Date;
  }>(
    `select id, login, email, first_name, last_name, phone, experience, created_date
       from users
      where kind = 'teacher' and not accepted and rejected_at is null
      order by created_date, id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    login: row.login,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    experience: row.experience,
    appliedAt: new Date(row.created_date).toISOString(),
  }));
};
