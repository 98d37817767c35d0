import { notFound } from "@el/domain";
import { teacherAccountDecider, teacherStreams } from "@el/domain/accounts/index";
import { TeacherProfileView, TeacherRatingsSummary } from "@el/domain/accounts/teacher-profile";
import { TeacherPhotoBody, TeacherPhotoParams, TeacherProfileBody } from "@el/domain/accounts/teacher-profile-requests";
import { SafeIdParams } from "@el/domain/shared/page-query";
import { teachesStudent } from "@el/projections/lessons/index";
import { teacherProfileOf, teacherRatingsSummary } from "@el/projections/teachers/index";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type CommandContext, executeCommand } from "../../commands/execute";
import { PendingAnswer, readBack, sendPending } from "../../commands/read-back";
import { alert } from "../../http/alert";
import { fileBytes, NoBody } from "../../http/responses";
import {
  readTeacherPhoto,
  resizeTeacherPhoto,
  storeTeacherPhoto,
  TEACHER_PHOTO_TYPE,
} from "../../shared/teacher-photos";

const TEACHER = { roles: ["ROLE_TEACHER"] as const };
const OWN_PROFILE = "/api/account/teacher-profile";

const contextOf = (request: FastifyRequest): CommandContext => ({
  userId: String(request.currentUser.id),
  correlationId: request.id,
});

/**
 * Teachers as students see them: the teacher edits their bio, experience, specialities,
 * languages and photo; a student reads the profile of a teacher of one of their lessons, an administrator
 * (or auditor) any teacher's; the landing page reads the overall rating. Photos are served by their
 * digest, public and cached for good: an `<img>` sends no token, and a new photo is a new address.
 */
export const teacherProfileRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const ownProfile = async (request: FastifyRequest) => {
    const profile = await teacherProfileOf(app.db, request.currentUser.id);
    if (!profile) throw notFound();
    return profile;
  };

  app.get(OWN_PROFILE, { config: TEACHER, schema: { response: { 200: TeacherProfileView } } }, async (request) =>
    ownProfile(request),
  );

  app.put(
    OWN_PROFILE,
    {
      config: TEACHER,
      schema: { body: TeacherProfileBody, response: { 200: TeacherProfileView, 202: PendingAnswer } },
    },
    async (request, reply) => {
      const committed = await executeCommand(
        app,
        { streams: teacherStreams, key: request.currentUser.id },
        teacherAccountDecider,
        { type: "ChangeTeacherProfile", ...request.body, by: request.currentUser.login, now: app.clock.now() },
        contextOf(request),
      );
      const saved = await readBack(committed, OWN_PROFILE, () => ownProfile(request));
      alert(reply, "teacherProfile.saved");
      return saved.projected ? reply.send(saved.view) : sendPending(reply, saved);
    },
  );

  app.post(
    `${OWN_PROFILE}/photo`,
    { config: TEACHER, schema: { body: TeacherPhotoBody, response: { 200: TeacherProfileView, 202: PendingAnswer } } },
    async (request, reply) => {
      const photo = await resizeTeacherPhoto(request.body.photo, request.body.photoContentType);
      // Stored before the event that names it: a failed command leaves an image no one names, never a
      // profile naming an image that is missing.
      await storeTeacherPhoto(app.db, photo);
      const committed = await executeCommand(
        app,
        { streams: teacherStreams, key: request.currentUser.id },
        teacherAccountDecider,
        { type: "ChangeTeacherPhoto", photo: photo.sha256, by: request.currentUser.login, now: app.clock.now() },
        contextOf(request),
      );
      const saved = await readBack(committed, OWN_PROFILE, () => ownProfile(request));
      alert(reply, "teacherProfile.photoSaved");
      return saved.projected ? reply.send(saved.view) : sendPending(reply, saved);
    },
  );

  app.get(
    "/api/teacher-photos/:photo/:size",
    { schema: { params: TeacherPhotoParams, response: { 200: fileBytes(TEACHER_PHOTO_TYPE), 304: NoBody } } },
    async (request, reply) => {
      const { photo, size } = request.params;
      const etag = `"${photo}-${size}"`;
      reply
        .header("ETag", etag)
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .header("X-Content-Type-Options", "nosniff");
      if (request.headers["if-none-match"]?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send(null);
      const bytes = await readTeacherPhoto(app.db, photo, size);
      if (!bytes) throw notFound();
      return reply
        .header("Content-Type", TEACHER_PHOTO_TYPE)
        .header("Content-Length", String(bytes.length))
        .send(bytes);
    },
  );

  app.get(
    "/api/teachers/:id/profile",
    { config: { roles: "authenticated" }, schema: { params: SafeIdParams, response: { 200: TeacherProfileView } } },
    async (request) => {
      const { id } = request.params;
      const { authorities, id: userId } = request.currentUser;
      const backOffice = authorities.includes("ROLE_ADMIN") || authorities.includes("ROLE_AUDITOR");
      // A student sees the teachers of their own lessons; anyone else, a 404 alike for "no such teacher"
      // and "not yours", so profiles cannot be listed by trying ids.
      const allowed =
        backOffice ||
        id === userId ||
        (authorities.includes("ROLE_STUDENT") && (await teachesStudent(app.db, id, userId)));
      const profile = allowed ? await teacherProfileOf(app.db, id) : null;
      if (!profile) throw notFound();
      return profile;
    },
  );

  app.get(
    "/api/teachers/ratings",
    { schema: { response: { 200: TeacherRatingsSummary } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "public, max-age=300");
      return teacherRatingsSummary(app.db);
    },
  );
};
