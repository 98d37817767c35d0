import { ProgressView } from "@el/domain/lessons/reports/lesson-report-contracts";
import { fullName } from "@el/domain/shared/full-name";
import { findUserById } from "@el/projections/accounts/users/index";
import { progressOfStudent } from "@el/projections/lesson-reports/index";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { fileBytes } from "../../http/responses";
import { renderCertificatePdf } from "./certificate-pdf";

const STUDENT = { roles: ["ROLE_STUDENT"] as const };

/** The signed-in student's progress page and their certificate of hours completed. */
export const progressRoutes = async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/progress", { config: STUDENT, schema: { response: { 200: ProgressView } } }, async (request) =>
    progressOfStudent(app.db, request.currentUser.id, app.clock.now()),
  );

  app.get(
    "/api/progress/certificate.pdf",
    { config: STUDENT, schema: { response: { 200: fileBytes("application/pdf") } } },
    async (request, reply) => {
      const now = app.clock.now();
      const [progress, student] = await Promise.all([
        progressOfStudent(app.db, request.currentUser.id, now),
        findUserById(app.db, request.currentUser.id),
      ]);
      const pdf = await renderCertificatePdf({
        studentName: student ? fullName(student) : request.currentUser.login,
        hours: progress.hours,
        lessons: progress.lessons,
        trails: progress.byTrail.map((row) => ({
          level: row.level.name,
          trail: `${row.trail.number}. ${row.trail.title}`,
          hours: row.hours,
        })),
        issuedAt: now,
      });
      return reply
        .header("Content-Type", "application/pdf")
        .header("Content-Disposition", 'attachment; filename="certificado-horas.pdf"')
        .header("Cache-Control", "no-store")
        .send(pdf);
    },
  );
};
