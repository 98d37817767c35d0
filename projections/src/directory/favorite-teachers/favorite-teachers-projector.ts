import { accountStreamEvent } from "@el/domain/accounts/index";
import { studentStreams } from "@el/domain/accounts/student-account";
import { favoriteStreams } from "@el/domain/directory/favorites";
import { readModelMigrations } from "../../migrations";
import { eventByEvent, type Projector } from "../../runner/projector";

/** `favorite_teachers`: one row per teacher a student keeps among their favourites, with when they added them. */
export const FAVORITE_TEACHERS_SCHEMA = `
create table if not exists favorite_teachers (
  student_id bigint not null,
  teacher_id bigint not null,
  added_at timestamptz not null,
  primary key (student_id, teacher_id)
);
`;

export const favoriteTeachersProjector: Projector = {
  name: "favorite-teachers",
  handles: ["FavoriteTeacherAdded", "FavoriteTeacherRemoved", "AccountDeleted", "PersonalDataErased"],
  tables: ["favorite_teachers"],
  migrate: readModelMigrations("favorite-teachers", [{ name: "001-favorite-teachers", sql: FAVORITE_TEACHERS_SCHEMA }]),
  evolve: eventByEvent(async (recorded, tx) => {
    if (favoriteStreams.holds(recorded.streamId)) {
      const event = favoriteStreams.event(recorded);
      const studentId = favoriteStreams.parse(event.streamId);
      if (event.type === "FavoriteTeacherAdded")
        await tx.query(
          `insert into favorite_teachers (student_id, teacher_id, added_at) values ($1, $2, $3)
           on conflict (student_id, teacher_id) do nothing`,
          [studentId, event.data.teacherId, event.data.at],
        );
      else
        await tx.query("delete from favorite_teachers where student_id = $1 and teacher_id = $2", [
          studentId,
          event.data.teacherId,
        ]);
      return;
    }
    // A student deleted or erased (LGPD) keeps no favourites; other accounts' deletions concern none here.
    if (!studentStreams.holds(recorded.streamId)) return;
    const event = accountStreamEvent(recorded);
    if (event.type !== "AccountDeleted" && event.type !== "PersonalDataErased") return;
    await tx.query("delete from favorite_teachers where student_id = $1", [studentStreams.parse(event.streamId)]);
  }),
};
