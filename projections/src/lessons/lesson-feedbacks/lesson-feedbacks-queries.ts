import type { FeedbackLesson, StudentFeedbackView, TeacherFeedbackView } from "@el/domain/lessons/feedback-view";
import { fullName } from "@el/domain/shared/full-name";
import { orderAndPage, type Page, type PageRequest } from "../../catalog/paging";
import type { Sql } from "../../sql";

/**
 * The back office's feedback lists: `student_feedbacks` and `teacher_feedbacks`, each row with the
 * lesson it was given on (from `lesson_schedulings`, the same slice's read model) so the list can say
 * which lesson and who took part.
 */

interface LessonColumns {
  lesson_date: Date | string | null;
  trail_number: number | null;
  trail_title: string | null;
  student_first_name: string | null;
  student_last_name: string | null;
  teacher_first_name: string | null;
  teacher_last_name: string | null;
}

interface StudentFeedbackRow extends LessonColumns {
  id: string;
  lesson_id: string;
  note: number | null;
  information: string;
  given_at: Date | string;
}

interface TeacherFeedbackRow extends LessonColumns {
  id: string;
  lesson_id: string;
  skipped: boolean;
  status: 1 | 2 | 3 | null;
  note: number | null;
  information: string;
  sugestions: string;
  product_sugestions: string;
  student_information: string;
  partialy_held: string | null;
  given_at: Date | string;
}

const LESSON_COLUMNS = `l.date as lesson_date, l.trail_number, l.trail_title, l.student_first_name,
  l.student_last_name, l.teacher_first_name, l.teacher_last_name`;

const lessonOf = (id: string, row: LessonColumns): FeedbackLesson | null =>
  row.lesson_date === null
    ? null
    : {
        id: Number(id),
        date: new Date(row.lesson_date).toISOString(),
        trail: `${row.trail_number} - ${row.trail_title}`,
        studentName: fullName({ firstName: row.student_first_name, lastName: row.student_last_name }),
        teacherName:
          row.teacher_first_name === null
            ? null
            : fullName({ firstName: row.teacher_first_name, lastName: row.teacher_last_name }),
      };

const toStudentFeedback = (row: StudentFeedbackRow): StudentFeedbackView => ({
  id: Number(row.id),
  lessonId: Number(row.lesson_id),
  note: row.note,
  information: row.information,
  givenAt: new Date(row.given_at).toISOString(),
  lesson: lessonOf(row.lesson_id, row),
});

const toTeacherFeedback = (row: TeacherFeedbackRow): TeacherFeedbackView => ({
  id: Number(row.id),
  lessonId: Number(row.lesson_id),
  status: row.status,
  note: row.note,
  information: row.information,
  sugestions: row.sugestions,
  productSugestions: row.product_sugestions,
  studentInformation: row.student_information,
  partialyHeld: row.partialy_held,
  skipped: row.skipped,
  givenAt: new Date(row.given_at).toISOString(),
  lesson: lessonOf(row.lesson_id, row),
});

const SORTABLE = { id: "f.id", note: "f.note", information: "f.information", lessonId: "f.lesson_id" };

/** `%`, `_` and `\` typed in the search box are looked for as themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The search box: a feedback whose text, or whose lesson's student or teacher name, contains the words;
 * a number also finds the feedback or the lesson of that id.
 */
const searchOf = (query: string | undefined, textColumns: string[]) => {
  const words = query?.trim() ?? "";
  if (!words) return { where: "", params: [] as unknown[] };
  const names = [
    "l.student_first_name || ' ' || coalesce(l.student_last_name, '')",
    "coalesce(l.teacher_first_name, '') || ' ' || coalesce(l.teacher_last_name, '')",
  ];
  const matches = [...textColumns, ...names].map((column) => `${column} ilike $1`);
  const params: unknown[] = [containing(words)];
  if (/^\d{1,15}$/.test(words)) {
    params.push(Number(words));
    matches.push("f.id = $2", "f.lesson_id = $2");
  }
  return { where: `where ${matches.join(" or ")}`, params };
};

const pageOf = async <Row, View>(
  sql: Sql,
  table: string,
  textColumns: string[],
  query: string | undefined,
  request: PageRequest,
  toView: (row: Row) => View,
): Promise<Page<View>> => {
  const search = searchOf(query, textColumns);
  const from = `from ${table} f left join lesson_schedulings l on l.id = f.lesson_id ${search.where}`;
  const order = orderAndPage(request, SORTABLE, "f.given_at desc", search.params.length + 1, "f.id");
  const [page, counted] = await Promise.all([
    sql.query<Row & object>(`select f.*, ${LESSON_COLUMNS} ${from} ${order.clause}`, [
      ...search.params,
      ...order.params,
    ]),
    sql.query<{ total: string }>(`select count(*) as total ${from}`, search.params),
  ]);
  return { items: page.rows.map((row) => toView(row as Row)), total: Number(counted.rows[0]?.total ?? 0) };
};

const oneOf = async <Row, View>(sql: Sql, table: string, id: number, toView: (row: Row) => View) => {
  const { rows } = await sql.query<Row & object>(
    `select f.*, ${LESSON_COLUMNS} from ${table} f left join lesson_schedulings l on l.id = f.lesson_id
     where f.id = $1`,
    [id],
  );
  return rows[0] ? toView(rows[0] as Row) : null;
};

/** `GET api/student-feedbacks` and `api/_search/student-feedbacks?query=`: a page, newest first by default. */
export const pageStudentFeedbacks = (sql: Sql, query: string | undefined, request: PageRequest) =>
  pageOf<StudentFeedbackRow, StudentFeedbackView>(
    sql,
    "student_feedbacks",
    ["f.information"],
    query,
    request,
    toStudentFeedback,
  );

/** `GET api/teacher-feedbacks` and `api/_search/teacher-feedbacks?query=`: a page, newest first by default. */
export const pageTeacherFeedbacks = (sql: Sql, query: string | undefined, request: PageRequest) =>
  pageOf<TeacherFeedbackRow, TeacherFeedbackView>(
    sql,
    "teacher_feedbacks",
    ["f.information", "f.sugestions", "f.product_sugestions", "f.student_information"],
    query,
    request,
    toTeacherFeedback,
  );

export const findStudentFeedback = (sql: Sql, id: number) =>
  oneOf<StudentFeedbackRow, StudentFeedbackView>(sql, "student_feedbacks", id, toStudentFeedback);

export const findTeacherFeedback = (sql: Sql, id: number) =>
  oneOf<TeacherFeedbackRow, TeacherFeedbackView>(sql, "teacher_feedbacks", id, toTeacherFeedback);
