import { invalid, notFound, stateFrom } from "@el/domain";
import { CatalogIdParams } from "@el/domain/catalog/catalog-views";
import {
  type Level,
  levelDecider,
  levelStreams,
  MaterialBody,
  type MaterialCommand,
  MaterialListQuery,
  MaterialView,
  materialDecider,
  materialErrors,
  materialStreams,
} from "@el/domain/catalog/index";
import { mayReadMaterial, seesInactiveMaterials } from "@el/domain/catalog/material-access";
import { findMaterial, listMaterials, type MaterialRow } from "@el/projections/catalog/index";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { executeCommand, executeOnStreams } from "../../commands/execute";
import { readBack } from "../../commands/read-back";
import { alert } from "../../http/alert";
import { entityWriteRoutes } from "../../http/entity-writes";
import { fileBytes, NoBody } from "../../http/responses";
import { contextOf, pageOf, sendPage } from "../../http/route-helpers";
import { decodeFile, readMaterialFile, storeMaterialFile } from "./material-files";

const materialView = (material: MaterialRow): MaterialView => ({
  id: material.id,
  level: material.level,
  className: material.className,
  classNumber: material.classNumber,
  fileContentType: material.fileContentType,
  fileSize: material.fileSize,
  active: material.active,
  createdDate: material.createdDate,
  lastModifiedDate: material.lastModifiedDate,
});

const extensions: Record<string, string> = {
  "application/pdf": "pdf",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.ms-powerpoint": "ppt",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "image/png": "png",
  "image/jpeg": "jpg",
  "audio/mpeg": "mp3",
  "video/mp4": "mp4",
  "text/plain": "txt",
};

const downloadName = (material: MaterialRow) => {
  const extension = extensions[material.fileContentType.split(";")[0]?.trim() ?? ""];
  const name = `${material.classNumber} - ${material.className}`.replace(/[\\/:*?"<>|]+/g, " ").trim();
  return extension ? `${name}.${extension}` : name;
};

/**
 * Materials: files for a class of a level. Signed-in users read the active ones and download them;
 * administrators also see inactive ones (`?all=true`), upload (JSON body with the file in base64, as
 * the JHipster form sends it), edit, and deactivate with `DELETE`.
 */
export const materialsRoutes = async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  const visible = async (request: FastifyRequest, id: number) => {
    const material = await findMaterial(app.db, id);
    if (!material || !mayReadMaterial(material, request.currentUser.authorities))
      throw notFound(materialErrors.notFound);
    return material;
  };

  /**
   * Decides with the level read from its stream; the file's bytes are stored only once the decider
   * accepted it, and before the event naming them is appended.
   */
  const save = async (
    id: number,
    body: MaterialBody,
    request: FastifyRequest,
    type: MaterialCommand["type"] & ("UploadMaterial" | "ReviseMaterial"),
  ) => {
    const context = contextOf(request);
    if (body.file && !body.fileContentType) throw invalid("error.material.fileContentType", "fileContentType");
    const upload = body.file ? decodeFile(body.file, body.fileContentType as string) : undefined;
    const materialStream = materialStreams.id(id);
    const levelStream = levelStreams.id(body.level);
    const fields = { levelId: body.level, className: body.className, classNumber: body.classNumber };
    const commandFor = (level: Level): MaterialCommand => {
      if (type === "ReviseMaterial")
        return { type, ...fields, level, file: upload?.file, active: body.active, by: context.by };
      if (!upload) throw invalid("error.material.fileRequired", "file");
      return { type, id, ...fields, level, file: upload.file, by: context.by };
    };
    const committed = await executeOnStreams(
      app,
      [materialStream, levelStream],
      async (histories) => {
        const level = stateFrom(levelDecider, levelStreams.history(histories, body.level));
        const material = stateFrom(materialDecider, materialStreams.history(histories, id));
        const events = materialDecider.decide(commandFor(level), material);
        if (
          upload &&
          events.some((event) => event.type === "MaterialUploaded" || event.type === "MaterialFileReplaced")
        )
          await storeMaterialFile(app.db, upload.file.sha256, upload.bytes);
        return { appends: [{ streamId: materialStream, events }], result: null };
      },
      context,
    );
    return readBack(committed, `/api/materials/${id}`, async () => materialView(await visible(request, id)));
  };

  app.get(
    "/api/materials",
    {
      config: { roles: "authenticated" },
      schema: {
        querystring: MaterialListQuery,
        response: { 200: z.array(MaterialView) },
      },
    },
    async (request, reply) => {
      const { query, all } = request.query;
      const page = await listMaterials(
        app.db,
        { query, all: all && seesInactiveMaterials(request.currentUser.authorities) },
        pageOf(request.query),
      );
      return sendPage(reply, page, materialView);
    },
  );

  app.get(
    "/api/materials/:id",
    { config: { roles: "authenticated" }, schema: { params: CatalogIdParams, response: { 200: MaterialView } } },
    async (request) => materialView(await visible(request, request.params.id)),
  );

  app.get(
    "/api/materials/:id/download",
    { config: { roles: "authenticated" }, schema: { params: CatalogIdParams, response: { 200: fileBytes("*/*") } } },
    async (request, reply) => {
      const material = await visible(request, request.params.id);
      const bytes = await readMaterialFile(app.db, material.fileSha256);
      if (!bytes) throw notFound(materialErrors.notFound);
      const name = downloadName(material);
      return (
        reply
          .header("Content-Type", material.fileContentType)
          .header("Content-Length", String(bytes.length))
          // Served as a download, never rendered: an uploaded HTML or SVG file cannot run in our origin.
          .header(
            "Content-Disposition",
            `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
          )
          .header("X-Content-Type-Options", "nosniff")
          .header("ETag", `"${material.fileSha256}"`)
          .send(bytes)
      );
    },
  );

  entityWriteRoutes(app, {
    path: "/api/materials",
    config: { roles: ["ROLE_ADMIN"] },
    params: CatalogIdParams,
    body: MaterialBody,
    view: MaterialView,
    alerts: { created: "catalog.material.created", updated: "catalog.material.updated" },
    create: (id, body, request) => save(id, body, request, "UploadMaterial"),
    update: (id, body, request) => save(id, body, request, "ReviseMaterial"),
  });

  app.delete(
    "/api/materials/:id",
    { config: { roles: ["ROLE_ADMIN"] }, schema: { params: CatalogIdParams, response: { 204: NoBody } } },
    async (request, reply) => {
      const { id } = request.params;
      const context = contextOf(request);
      await executeCommand(
        app,
        { streams: materialStreams, key: id },
        materialDecider,
        { type: "DeactivateMaterial", by: context.by },
        context,
      );
      return alert(reply.code(204), "catalog.material.deactivated", id).send();
    },
  );
};
