import type { RecordedEvent } from "@el/domain";
import { forbidden, invalid, notFound } from "@el/domain";
import { AccountDeletionBody, accountErrors, LoginParams } from "@el/domain/accounts/index";
import { UserView } from "@el/domain/accounts/user-view";
import { findUserById, findUserByLogin, type UserRow } from "@el/projections/accounts/users/index";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { alert } from "../../http/alert";
import { NoBody } from "../../http/responses";
import { photosNamedBy, type ResizedPhoto, readTeacherPhotos, TEACHER_PHOTO_TYPE } from "../../shared/teacher-photos";
import { accountOf } from "./account-commands";
import { erasePerson, streamsOfPerson } from "./erasure";
import { verifyPassword } from "./passwords";
import { toUserView } from "./user-views";

const ExportedEvent = z.object({
  stream: z.string(),
  version: z.number(),
  type: z.string(),
  recordedAt: z.string(),
  data: z.unknown(),
  metadata: z.unknown(),
});

/** A photo the teacher uploaded, in the two sizes the product keeps of it (the uploaded file is not kept). */
const ExportedPhoto = z.object({
  sha256: z.string(),
  contentType: z.literal(TEACHER_PHOTO_TYPE),
  large: z.string(),
  small: z.string(),
});

/** Everything the product holds about the person who asks (LGPD art. 18: access and portability). */
export const PersonalDataExport = z.object({
  exportedAt: z.string(),
  account: UserView,
  credits: z.object({ balance: z.number(), trialCredits: z.number() }),
  purchases: z.array(ExportedEvent),
  lessons: z.array(ExportedEvent),
  feedbacks: z.array(ExportedEvent),
  signIns: z.array(ExportedEvent),
  /** A student's favourite teachers, as they added and removed them. */
  favoriteTeachers: z.array(ExportedEvent),
  /** The weekly series they took or gave: created, each occurrence booked or skipped, paused, ended, cancelled. */
  lessonSeries: z.array(ExportedEvent),
  /** A teacher's weekly hours and days off, each time they or an administrator saved them; none for anyone else. */
  availability: z.array(ExportedEvent),
  /** The reports of the lessons they took or gave (what was covered, vocabulary, corrections, homework done). */
  lessonReports: z.array(ExportedEvent),
  /** The disputes of the lessons they took or gave: reported, answered, resolved (credit back, payout kept or withheld). */
  disputes: z.array(ExportedEvent),
  /** Their conversations with a student or teacher: started, each message (both sides'), read, reported. */
  messages: z.array(ExportedEvent),
  /** The browsers they subscribed to phone notifications (unsubscribed, dropped) and the kinds they turned off. */
  pushNotifications: z.array(ExportedEvent),
  /** A teacher's current and earlier photos still stored; none for anyone else. */
  photos: z.array(ExportedPhoto),
  /**
   * Every event of their account, lessons (a teacher's include the requests they declined or let expire),
   * purchases, favourites, series, lesson reports, disputes, conversations and phone notifications, in the order each
   * stream holds them.
   */
  events: z.array(ExportedEvent),
});

const FEEDBACK_TYPES = new Set([
  "StudentFeedbackGiven",
  "StudentFeedbackRevised",
  "StudentFeedbackDeleted",
  "TeacherFeedbackGiven",
  "TeacherFeedbackRevised",
  "TeacherFeedbackDeleted",
]);

const exported = (event: RecordedEvent): z.infer<typeof ExportedEvent> => ({
  stream: event.streamId,
  version: event.streamVersion,
  type: event.type,
  recordedAt: event.recordedAt.toISOString(),
  data: event.data,
  metadata: event.metadata,
});

const dataUrl = (bytes: Buffer) => `data:${TEACHER_PHOTO_TYPE};base64,${bytes.toString("base64")}`;

const exportedPhoto = ({ sha256, large, small }: ResizedPhoto): z.infer<typeof ExportedPhoto> => ({
  sha256,
  contentType: TEACHER_PHOTO_TYPE,
  large: dataUrl(large),
  small: dataUrl(small),
});

const me = async (app: FastifyInstance, id: number) => {
  const user = await findUserById(app.db, id);
  if (!user) throw invalid(accountErrors.notRegistered);
  return user;
};

const personalDataExport = async (app: FastifyInstance, user: UserRow) => {
  const streams = await streamsOfPerson(app, user);
  const histories = await app.eventStore.readStreams([
    streams.account,
    ...streams.lessons,
    ...streams.requested,
    ...streams.purchases,
    ...streams.favorites,
    ...streams.series,
    ...streams.availability,
    ...streams.reports,
    ...streams.disputes,
    ...streams.conversations,
    ...streams.push,
  ]);
  const eventsOf = (ids: readonly string[]) => ids.flatMap((id) => histories[id] ?? []);
  const account = eventsOf([streams.account]);
  const lessons = eventsOf([...streams.lessons, ...streams.requested]);
  const photos = await readTeacherPhotos(app.db, photosNamedBy(account));
  return {
    exportedAt: app.clock.now().toISOString(),
    account: toUserView(user),
    credits: { balance: user.balance, trialCredits: user.trialCredits },
    purchases: eventsOf(streams.purchases).map(exported),
    lessons: lessons.filter((event) => !FEEDBACK_TYPES.has(event.type)).map(exported),
    feedbacks: lessons.filter((event) => FEEDBACK_TYPES.has(event.type)).map(exported),
    signIns: account.filter((event) => event.type === "SignedIn" || event.type === "SignInFailed").map(exported),
    favoriteTeachers: eventsOf(streams.favorites).map(exported),
    lessonSeries: eventsOf(streams.series).map(exported),
    availability: eventsOf(streams.availability).map(exported),
    lessonReports: eventsOf(streams.reports).map(exported),
    disputes: eventsOf(streams.disputes).map(exported),
    messages: eventsOf(streams.conversations).map(exported),
    pushNotifications: eventsOf(streams.push).map(exported),
    photos: photos.map(exportedPhoto),
    events: [
      ...account,
      ...lessons,
      ...eventsOf(streams.purchases),
      ...eventsOf(streams.favorites),
      ...eventsOf(streams.series),
      ...eventsOf(streams.availability),
      ...eventsOf(streams.reports),
      ...eventsOf(streams.disputes),
      ...eventsOf(streams.conversations),
      ...eventsOf(streams.push),
    ].map(exported),
  };
};

/**
 * LGPD: a person downloads everything held about them, and erases themself with their password;
 * an administrator erases anyone else. See `erasePerson` for what erasing does and keeps.
 */
export const personalDataRoutes = async (plain: FastifyInstance) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/account/export",
    { config: { roles: "authenticated" }, schema: { response: { 200: PersonalDataExport } } },
    async (request, reply) => {
      const user = await me(app, request.currentUser.id);
      const day = app.clock.now().toISOString().slice(0, 10);
      return reply
        .header("Content-Disposition", `attachment; filename="meus-dados-${day}.json"`)
        .header("Cache-Control", "no-store")
        .send(await personalDataExport(app, user));
    },
  );

  app.delete(
    "/api/account",
    {
      config: { roles: "authenticated" },
      schema: { body: AccountDeletionBody, response: { 204: NoBody } },
    },
    async (request, reply) => {
      const user = await me(app, request.currentUser.id);
      const account = accountOf(user.streamId, await app.eventStore.readStream(user.streamId));
      if (!(await verifyPassword(account.passwordHash, request.body.password)))
        throw invalid(accountErrors.wrongPassword, "password");
      await erasePerson(app, user, "titular", { userId: String(user.id), correlationId: request.id });
      return alert(reply, "lgpd.erased").code(204).send();
    },
  );

  app.post(
    "/api/users/:login/erase",
    {
      config: { roles: ["ROLE_ADMIN"] },
      schema: { params: LoginParams, response: { 204: NoBody } },
    },
    async (request, reply) => {
      const login = request.params.login;
      const user =
        (await findUserByLogin(app.db, login)) ??
        (/^\d{1,15}$/.test(login) ? await findUserById(app.db, Number(login)) : undefined);
      if (!user) throw notFound();
      // Erasing oneself goes through DELETE api/account, with one's password.
      if (user.id === request.currentUser.id) throw forbidden(accountErrors.selfDeletion);
      await erasePerson(app, user, request.currentUser.login, {
        userId: String(request.currentUser.id),
        correlationId: request.id,
      });
      return alert(reply, "lgpd.erasedByAdmin", String(user.id)).code(204).send();
    },
  );
};
