import { notFound } from "@el/domain";
import { CatalogIdParams } from "@el/domain/catalog/catalog-views";
import {
  centsFromReais,
  ItemPackageBody,
  type ItemPackageCommand,
  ItemPackageView,
  itemPackageDecider,
  packageErrors,
  packageStreams,
  reaisFromCents,
} from "@el/domain/catalog/index";
import { findPackage, listPackages, type PackageRow } from "@el/projections/catalog/index";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { executeCommand } from "../../commands/execute";
import { readBack } from "../../commands/read-back";
import { alert } from "../../http/alert";
import { entityWriteRoutes } from "../../http/entity-writes";
import { NoBody } from "../../http/responses";
import { contextOf } from "../../http/route-helpers";

const packageView = ({ id, amount, valueCents }: PackageRow): ItemPackageView => ({
  id,
  amount,
  value: reaisFromCents(valueCents),
});

/**
 * Item packages (lesson packs). Reading is public: the landing page shows the prices to visitors.
 * Administrators create, reprice and withdraw them; a withdrawn pack is no longer sold.
 */
export const itemPackagesRoutes = async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  const current = async (id: number) => {
    const found = await findPackage(app.db, id);
    if (!found) throw notFound(packageErrors.notFound);
    return packageView(found);
  };

  const run = async (id: number, command: ItemPackageCommand, context: ReturnType<typeof contextOf>) =>
    readBack(
      await executeCommand(app, { streams: packageStreams, key: id }, itemPackageDecider, command, context),
      `/api/item-packages/${id}`,
      () => current(id),
    );

  app.get(
    "/api/item-packages",
    { schema: { response: { 200: z.array(ItemPackageView) } } },
    async (_request, reply) => {
      const packages = await listPackages(app.db);
      return reply.header("X-Total-Count", String(packages.length)).send(packages.map(packageView));
    },
  );

  app.get(
    "/api/item-packages/:id",
    { schema: { params: CatalogIdParams, response: { 200: ItemPackageView } } },
    async (request) => current(request.params.id),
  );

  entityWriteRoutes(app, {
    path: "/api/item-packages",
    config: { roles: ["ROLE_ADMIN"] },
    params: CatalogIdParams,
    body: ItemPackageBody,
    view: ItemPackageView,
    alerts: { created: "catalog.itemPackage.created", updated: "catalog.itemPackage.updated" },
    create: (id, { amount, value }, request) =>
      run(id, { type: "CreateItemPackage", id, amount, valueCents: centsFromReais(value) }, contextOf(request)),
    update: (id, { amount, value }, request) =>
      run(id, { type: "ChangeItemPackage", amount, valueCents: centsFromReais(value) }, contextOf(request)),
  });

  app.delete(
    "/api/item-packages/:id",
    { config: { roles: ["ROLE_ADMIN"] }, schema: { params: CatalogIdParams, response: { 204: NoBody } } },
    async (request, reply) => {
      const { id } = request.params;
      const context = contextOf(request);
      await executeCommand(
        app,
        { streams: packageStreams, key: id },
        itemPackageDecider,
        { type: "RemoveItemPackage", by: context.by },
        context,
      );
      return alert(reply.code(204), "catalog.itemPackage.deleted", id).send();
    },
  );
};
