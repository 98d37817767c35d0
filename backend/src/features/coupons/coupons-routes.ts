import { invalid, notFound } from "@el/domain";
import { centsFromReais, packageErrors, reaisFromCents } from "@el/domain/catalog/index";
import {
  CouponBody,
  CouponIdParams,
  CouponListQuery,
  CouponSearchQuery,
  type CouponTerms,
  CouponValidationQuery,
  CouponValidationView,
  CouponView,
  couponErrors,
  ValidateCouponBody,
} from "@el/domain/coupons/index";
import { findPackage, type PackageRow } from "@el/projections/catalog/index";
import { type CouponRow, findCoupon, pageCoupons } from "@el/projections/coupons/index";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CommandContext } from "../../commands/execute";
import { readBack } from "../../commands/read-back";
import { alert } from "../../http/alert";
import { entityWriteRoutes } from "../../http/entity-writes";
import { TOTAL_COUNT } from "../../http/paging";
import { NoBody } from "../../http/responses";
import { priceWithCoupon, requireReferences, writeCoupon } from "./coupon-commands";

/** What the web app translates after a write (`X-app-alert`, with the coupon's id as `X-app-params`). */
export const couponAlerts = {
  created: "coupons.coupon.created",
  updated: "coupons.coupon.updated",
  deleted: "coupons.coupon.deleted",
} as const;

const ADMIN = { roles: ["ROLE_ADMIN"] as const };

/** A fixed discount crosses HTTP in reais, like the packages' prices; a percentage as it is. */
const discountView = ({ percentual, discount }: { percentual: boolean; discount: number }) =>
  percentual ? discount : reaisFromCents(discount);

const couponView = (row: CouponRow): CouponView => ({
  id: row.id,
  code: row.code,
  quantity: row.quantity,
  discount: discountView(row),
  percentual: row.percentual,
  itemPackage: row.itemPackage,
  user: row.user,
  active: row.active,
  used: row.used,
});

const termsOf = (body: CouponBody): CouponTerms => ({
  code: body.code,
  quantity: body.quantity,
  percentual: body.percentual,
  discount: body.percentual ? body.discount : centsFromReais(body.discount),
  packageId: body.itemPackage?.id ?? null,
  studentId: body.user?.id ?? null,
  active: body.active,
});

const contextOf = (request: FastifyRequest): CommandContext & { by: string } => ({
  userId: String(request.currentUser.id),
  correlationId: request.id,
  by: request.currentUser.login,
});

/**
 * Coupons. Administrators list, search, create, change and remove them; a student asks what an order of
 * packages would cost with a code before buying (`POST /api/coupons/validate`), priced as the purchase
 * will price it.
 */
export const couponsRoutes = async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  const current = async (id: number) => {
    const found = await findCoupon(app.db, id);
    if (!found) throw notFound(couponErrors.notFound);
    return couponView(found);
  };

  const write = async (
    id: number,
    body: CouponBody,
    request: FastifyRequest,
    type: "CreateCoupon" | "ChangeCoupon",
  ) => {
    const terms = termsOf(body);
    await requireReferences(app, terms);
    const command = type === "CreateCoupon" ? { type, id, ...terms } : { type, ...terms };
    return readBack(await writeCoupon(app, id, command, contextOf(request)), `/api/coupons/${id}`, () => current(id));
  };

  app.get(
    "/api/coupons",
    { config: ADMIN, schema: { querystring: CouponListQuery, response: { 200: z.array(CouponView) } } },
    async (request, reply) => {
      const page = await pageCoupons(app.db, {}, pageOf(request.query));
      return reply.header(TOTAL_COUNT, String(page.total)).send(page.items.map(couponView));
    },
  );

  app.get(
    "/api/_search/coupons",
    {
      config: ADMIN,
      schema: {
        querystring: CouponSearchQuery,
        response: { 200: z.array(CouponView) },
      },
    },
    async (request, reply) => {
      const page = await pageCoupons(app.db, { query: request.query.query }, pageOf(request.query));
      return reply.header(TOTAL_COUNT, String(page.total)).send(page.items.map(couponView));
    },
  );

  app.get(
    "/api/coupons/:id",
    { config: ADMIN, schema: { params: CouponIdParams, response: { 200: CouponView } } },
    async (request) => current(request.params.id),
  );

  entityWriteRoutes(app, {
    path: "/api/coupons",
    config: ADMIN,
    params: CouponIdParams,
    body: CouponBody,
    view: CouponView,
    alerts: couponAlerts,
    create: (id, body, request) => write(id, body, request, "CreateCoupon"),
    update: (id, body, request) => write(id, body, request, "ChangeCoupon"),
  });

  app.delete(
    "/api/coupons/:id",
    { config: ADMIN, schema: { params: CouponIdParams, response: { 204: NoBody } } },
    async (request, reply) => {
      const { id } = request.params;
      const context = contextOf(request);
      await writeCoupon(app, id, { type: "RemoveCoupon", by: context.by }, context);
      return alert(reply.code(204), couponAlerts.deleted, id).send();
    },
  );

  app.post(
    "/api/coupons/validate",
    {
      config: { roles: ["ROLE_STUDENT"] },
      schema: { querystring: CouponValidationQuery, body: ValidateCouponBody, response: { 200: CouponValidationView } },
    },
    async (request) => {
      const ids = request.query.packages;
      const packages = new Map<number, PackageRow>();
      for (const id of new Set(ids)) {
        const found = await findPackage(app.db, id);
        if (found) packages.set(id, found);
      }
      const packageOf = (id: number) => {
        const found = packages.get(id);
        if (!found) throw invalid(packageErrors.notFound, "packages");
        return found;
      };
      const lines = ids.map((id) => ({ packageId: id, cents: packageOf(id).valueCents }));
      const { coupon, price } = await priceWithCoupon(app, {
        code: request.body.code,
        studentId: request.currentUser.id,
        lines,
      });
      const listCents = lines.reduce((sum, line) => sum + line.cents, 0);
      const forPackage = coupon.packageId === null ? null : packageOf(coupon.packageId);
      return {
        id: coupon.id,
        code: coupon.code,
        discount: discountView(coupon),
        percentual: coupon.percentual,
        itemPackage: forPackage ? { id: forPackage.id, amount: forPackage.amount } : null,
        listPrice: reaisFromCents(listCents),
        discountValue: reaisFromCents(price.discountCents),
        total: reaisFromCents(price.totalCents),
      };
    },
  );
};

const pageOf = (query: z.output<typeof CouponListQuery>) => ({
  page: query.page,
  size: query.size,
  sort: query.sort.map(({ field, direction }) => `${field},${direction}`),
});
