import { readFileSync } from "node:fs";
import { ManagementInfo } from "@el/domain/accounts/management-info";
import { signInAuditQuery } from "@el/domain/audit/audit-requests";
import { SignInAuditPage } from "@el/domain/audit/sign-in-audit-views";
import { type AuditSortField, auditSortFields, pageAudits } from "@el/projections/audit/index";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { TOTAL_COUNT } from "../../http/paging";

const sortFields = Object.keys(auditSortFields) as [AuditSortField, ...AuditSortField[]];

/** The backend's own version, read once: `npm_package_version` is only there when npm started the process. */
const { version } = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")));

/** Audits (the sign-in history) and build information, for administrators. */
export const managementRoutes = async (plain: FastifyInstance) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/management/audits",
    {
      config: { roles: ["ROLE_ADMIN"] },
      schema: {
        querystring: signInAuditQuery(sortFields),
        response: { 200: SignInAuditPage },
      },
    },
    async (request, reply) => {
      const { fromDate, toDate, page, size, sort } = request.query;
      // Dates are whole days in São Paulo, as the screen shows them; toDate includes its day.
      const from = fromDate ? new Date(`${fromDate}T00:00:00-03:00`) : undefined;
      const to = toDate ? new Date(new Date(`${toDate}T00:00:00-03:00`).getTime() + 24 * 60 * 60 * 1000) : undefined;
      const { audits, total } = await pageAudits(app.db, {
        from,
        to,
        page,
        size,
        sort: sort.length ? sort : [{ field: "auditEventDate", direction: "desc" }],
      });
      return reply.header(TOTAL_COUNT, String(total)).send(audits);
    },
  );

  app.get(
    "/management/info",
    { config: { roles: ["ROLE_ADMIN"] }, schema: { response: { 200: ManagementInfo } } },
    async () => ({
      build: { name: "english-lessons", version, commit: process.env.GIT_COMMIT || undefined },
      uptime: Math.round(process.uptime()),
      activeProfiles: [app.db.kind === "pg" ? "postgresql" : "embedded"],
      database: app.db.kind,
      mail: app.config.smtpUrl ? "smtp" : "outbox",
      node: process.version,
    }),
  );
};
