import { availabilityStreams } from "@el/domain/directory/availability";
import { favoriteStreams } from "@el/domain/directory/favorites";
import { lessonSeriesDecider, lessonSeriesStreams } from "@el/domain/directory/lesson-series";
import { disputeStreams } from "@el/domain/disputes/dispute";
import { lessonStreams } from "@el/domain/lessons/lesson";
import { lessonReportStreams } from "@el/domain/lessons/reports/lesson-report";
import { conversationStreams } from "@el/domain/messages/conversation";
import { purchaseStreams } from "@el/domain/purchasing/purchase";
import { pushSettingStreams } from "@el/domain/push/index";
import type { UserRow } from "@el/projections/accounts/users/index";
import { lessonIdsRequestedOf } from "@el/projections/lesson-requests/index";
import { lessonSeriesIdsOf } from "@el/projections/lesson-series/index";
import { lessonIdsOf } from "@el/projections/lessons/index";
import { conversationIdsOf } from "@el/projections/messages/index";
import { purchasesOfStudent } from "@el/projections/purchasing/index";
import type { FastifyInstance } from "fastify";
import { type CommandContext, executeOnStates, executeOnStreams } from "../../commands/execute";
import { foldOf } from "../../commands/stream-states";
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

/**
 * The streams that hold a person's history: their account, the lessons they took or gave and their reports,
 * their purchases, a student's favourite teachers, the weekly series they took or gave, their conversations with
 * a student or teacher. `requested`: the lessons requested of a teacher that they declined or let expire; they
 * name the teacher but are not theirs, so erasing the teacher leaves those lessons' own key (their feedback texts are the student's and another teacher's).
 */
export const streamsOfPerson = async (app: FastifyInstance, user: UserRow) => {
  const role = user.kind === "student" ? "student" : user.kind === "teacher" ? "teacher" : undefined;
  const lessons = role ? (await lessonIdsOf(app.db, { id: user.id, role })).map((id) => lessonStreams.id(id)) : [];
  const requested =
    user.kind === "teacher"
      ? (await lessonIdsRequestedOf(app.db, user.id))
          .map((id) => lessonStreams.id(id))
          .filter((streamId) => !lessons.includes(streamId))
      : [];
  const purchases =
    user.kind === "student"
      ? (await purchasesOfStudent(app.db, user.id)).map((purchase) => purchaseStreams.id(purchase.id))
      : [];
  const favorites = user.kind === "student" ? [favoriteStreams.id(user.id)] : [];
  const series = role
    ? (await lessonSeriesIdsOf(app.db, { id: user.id, role })).map((id) => lessonSeriesStreams.id(id))
    : [];
  const availability = user.kind === "teacher" ? [availabilityStreams.id(user.id)] : [];
  // Each lesson's report, where its teacher wrote one (sealed with the lesson's key, erased with it).
  const reports = lessons.map((streamId) => lessonReportStreams.id(lessonStreams.parse(streamId)));
  // The disputes of those lessons, where either side reported one (sealed with the lesson's key, erased with it).
  const disputes = lessons.map((streamId) => disputeStreams.id(lessonStreams.parse(streamId)));
  // The conversations they had with a student or teacher (their texts sealed with each conversation's key).
  const conversations = role ? (await conversationIdsOf(app.db, user.id)).map((id) => conversationStreams.id(id)) : [];
  // Their browsers' phone-notification subscriptions (sealed with the account's key) and the kinds they turned off.
  const push = [pushSettingStreams.id(user.id)];
  return {
    account: user.streamId,
    lessons,
    requested,
    purchases,
    favorites,
    series,
    availability,
    reports,
    disputes,
    conversations,
    push,
  };
};

const seriesState = foldOf(lessonSeriesStreams, lessonSeriesDecider);

/**
 * An erased student's weekly series still running (active or paused) are cancelled as the student cancels one,
 * so no occurrence is booked for an account that is gone; their lessons still to come are cancelled with the
 * student's other lessons. Ended and cancelled series stay as they are.
 */
const cancelSeriesOfErasedStudent = async (
  app: FastifyInstance,
  studentId: number,
  seriesIds: readonly number[],
  context: Pick<CommandContext, "userId" | "correlationId">,
) => {
  for (const seriesId of seriesIds)
    await executeOnStates(
      app,
      { series: seriesState(seriesId) },
      ({ series }) => {
        const running = series.status === "ACTIVE" || series.status === "PAUSED";
        const events = running
          ? lessonSeriesDecider.decide({ type: "CancelSeries", by: studentId, now: app.clock.now() }, series)
          : [];
        return { appends: [{ streamId: lessonSeriesStreams.id(seriesId), events }], result: undefined };
      },
      context,
    );
};

/**
 * Erases a person (LGPD): `PersonalDataErased` closes the account and gives its e-mail and login back (so
 * they can register again as someone new), then the person's key and the keys of their lessons' feedback
 * texts are destroyed and the snapshots of their streams deleted; in between, a student's weekly series still
 * running and lessons still to come are cancelled (see erasure-lessons.ts). Their events, balance, lessons and
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
  // Stored erased (from then on the series' sweep books nothing for the account), the student's series and
  // lessons still to come are cancelled while their streams can still be read.
  if (user.kind === "student") {
    const cancelling = { userId: context.userId, correlationId: context.correlationId };
    await cancelSeriesOfErasedStudent(
      app,
      user.id,
      streams.series.map((streamId) => lessonSeriesStreams.parse(streamId)),
      cancelling,
    );
    await cancelLessonsOfErasedStudent(
      app,
      user.id,
      streams.lessons.map((streamId) => lessonStreams.parse(streamId)),
      cancelling,
    );
  }
  await app.eventStore.personalData.erase([user.streamId, ...streams.lessons, ...streams.conversations]);
  if (user.kind === "teacher") await eraseTeacherPhotos(app, user.streamId);
  await app.db.query("delete from es_snapshots where stream_id = any($1::text[])", [
    [streams.account, ...streams.lessons, ...streams.requested, ...streams.purchases],
  ]);
};
