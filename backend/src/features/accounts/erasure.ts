import { lessonStreams } from "@el/domain/lessons/lesson";
import { purchaseStreams } from "@el/domain/purchasing/purchase";
import type { UserRow } from "@el/projections/accounts/users/index";
import { lessonIdsOf } from "@el/projections/lessons/index";
import { purchasesOfStudent } from "@el/projections/purchasing/index";
import type { FastifyInstance } from "fastify";
import { type CommandContext, executeOnStreams } from "../../commands/execute";
import { eraseTeacherPhotos } from "../../shared/teacher-photos";
import {
  accountOf,
  decideOnAccount,
  reservation,
  reservationStreams,
  rosterAppend,
  rosterStreams,
} from "./account-commands";
import { cancelLessonsOfErasedStudent } from "./erasure-lessons";

/** The streams that hold a person's history: their account, the lessons they took or gave, their purchases. */
export const streamsOfPerson = async (app: FastifyInstance, user: UserRow) => {
  const role = user.kind === "student" ? "student" : user.kind === "teacher" ? "teacher" : undefined;
  const lessons = role ? (await lessonIdsOf(app.db, { id: user.id, role })).map((id) => lessonStreams.id(id)) : [];
  const purchases =
    user.kind === "student"
      ? (await purchasesOfStudent(app.db, user.id)).map((purchase) => purchaseStreams.id(purchase.id))
      : [];
  return { account: user.streamId, lessons, purchases };
};

/**
 * Erases a person (LGPD): `PersonalDataErased` closes the account and gives its e-mail and login back (so
 * they can register again as someone new), then the person's key and the keys of their lessons' feedback
 * texts are destroyed and the snapshots of their streams deleted; in between, a student's lessons still
 * to come are cancelled (see erasure-lessons.ts). Their events, balance, lessons and
 * payments stay, and so does the audit chain (it hashes the events as stored, encrypted). Read models
 * replace what they showed of the person with "titular removido" when they see the event.
 * `by`: the administrator's login, or "titular" when the person asked themself.
 */
export const erasePerson = async (app: FastifyInstance, user: UserRow, by: string, context: CommandContext) => {
  const streams = await streamsOfPerson(app, user);
  // The e-mail and login as the read model has them: once the key is gone, the events no longer say them.
  const { email, login } = user;
  // The last active administrator is not erased (see `administratorLeaving`).
  const roster = (await rosterStreams(app, user)).filter((streamId) => streamId !== user.streamId);
  await executeOnStreams(
    app,
    [user.streamId, ...reservationStreams("email", email), ...reservationStreams("login", login), ...roster],
    (histories) => {
      const history = histories[user.streamId];
      const account = accountOf(user.streamId, history);
      // A retry after the event was stored but before the keys were destroyed finds it erased: it goes on.
      if (account.erased) return { appends: [], result: undefined };
      const lessons = streams.lessons.map((streamId) => lessonStreams.parse(streamId));
      const events = decideOnAccount(user.streamId, history, [
        { type: "ErasePersonalData", by, now: app.clock.now(), lessons },
      ]);
      return {
        appends: [
          { streamId: user.streamId, events },
          ...rosterAppend(user.streamId, events, histories, roster, by),
          ...reservation("email", email, { type: "Release", owner: user.streamId }, histories),
          ...reservation("login", login, { type: "Release", owner: user.streamId }, histories),
        ],
        result: undefined,
      };
    },
    context,
  );
  // Stored erased, the student's lessons still to come are cancelled while their streams can still be read.
  if (user.kind === "student")
    await cancelLessonsOfErasedStudent(
      app,
      user.id,
      streams.lessons.map((streamId) => lessonStreams.parse(streamId)),
      { userId: context.userId, correlationId: context.correlationId },
    );
  await app.eventStore.personalData.erase([user.streamId, ...streams.lessons]);
  if (user.kind === "teacher") await eraseTeacherPhotos(app, user.streamId);
  await app.db.query("delete from es_snapshots where stream_id = any($1::text[])", [
    [streams.account, ...streams.lessons, ...streams.purchases],
  ]);
};
