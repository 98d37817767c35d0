import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { conflict, invalid, notFound } from "../shared/errors";
import { type EventOf, numericKey, streamKind } from "../shared/streams";
import type { Level } from "./level";

/**
 * Teaching material (stream `material-{id}`): a file for one class of a level, the class being the
 * trail with that number. The file's bytes are kept outside the event store; events carry only its
 * SHA-256, size and type, so streams stay small and a changed file is a new reference.
 */

/** Largest file a material may hold: a lesson's slides or worksheet, sent base64 in a JSON body. */
export const MAX_MATERIAL_BYTES = 5 * 1024 * 1024;

export const materialErrors = {
  notFound: "error.material.notFound",
  exists: "error.material.exists",
  unknownLevel: "error.material.unknownLevel",
  emptyFile: "error.material.emptyFile",
  fileTooLarge: "error.material.fileTooLarge",
} as const;

export const MaterialFile = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().nonnegative(),
  contentType: z.string().min(1).max(200),
});
export type MaterialFile = z.infer<typeof MaterialFile>;

export const MaterialFields = z.object({
  levelId: z.number().int().positive(),
  className: z.string().trim().min(1).max(200),
  classNumber: z.number().int().min(1).max(9999),
});
export type MaterialFields = z.infer<typeof MaterialFields>;

export const materialEventSchemas = {
  MaterialUploaded: MaterialFields.extend({ id: z.number().int().positive(), file: MaterialFile, by: z.string() }),
  MaterialRevised: MaterialFields,
  MaterialFileReplaced: z.object({ file: MaterialFile, by: z.string() }),
  MaterialActivated: z.object({ by: z.string() }),
  MaterialDeactivated: z.object({ by: z.string() }),
};

export type MaterialEvent = EventOf<typeof materialEventSchemas>;

export const materialStreams = streamKind("material", materialEventSchemas, numericKey);

/** `level` is the state of the level the material is for, as read from its stream. */
export type UploadMaterial = Command<
  "UploadMaterial",
  { id: number; level: Level; file: MaterialFile; by: string } & MaterialFields
>;
export type ReviseMaterial = Command<
  "ReviseMaterial",
  {
    level: Level;
    /** A new file, when the administrator sent one. */
    file?: MaterialFile;
    active: boolean;
    by: string;
  } & MaterialFields
>;
export type DeactivateMaterial = Command<"DeactivateMaterial", { by: string }>;

export type MaterialCommand = UploadMaterial | ReviseMaterial | DeactivateMaterial;

export type Material =
  | { status: "absent" }
  | ({ status: "active" | "inactive"; id: number; file: MaterialFile } & MaterialFields);

const requireLevel = (level: Level, levelId: number) => {
  if (level.status === "absent" || level.id !== levelId) throw invalid(materialErrors.unknownLevel, "level");
};

const requireFile = (file: MaterialFile) => {
  if (file.size === 0) throw invalid(materialErrors.emptyFile, "file");
  if (file.size > MAX_MATERIAL_BYTES) throw invalid(materialErrors.fileTooLarge, "file");
};

const fieldsOf = ({ levelId, className, classNumber }: MaterialFields): MaterialFields => ({
  levelId,
  className: className.trim(),
  classNumber,
});

export const uploadMaterial = (command: UploadMaterial, state: Material): MaterialEvent[] => {
  if (state.status !== "absent") throw conflict(materialErrors.exists);
  requireLevel(command.level, command.levelId);
  requireFile(command.file);
  return [
    {
      type: "MaterialUploaded",
      data: { id: command.id, ...fieldsOf(command), file: command.file, by: command.by },
    },
  ];
};

export const reviseMaterial = (command: ReviseMaterial, state: Material): MaterialEvent[] => {
  if (state.status === "absent") throw notFound(materialErrors.notFound);
  requireLevel(command.level, command.levelId);
  const events: MaterialEvent[] = [];
  const fields = fieldsOf(command);
  if (
    fields.levelId !== state.levelId ||
    fields.className !== state.className ||
    fields.classNumber !== state.classNumber
  ) {
    events.push({ type: "MaterialRevised", data: fields });
  }
  if (command.file && command.file.sha256 !== state.file.sha256) {
    requireFile(command.file);
    events.push({ type: "MaterialFileReplaced", data: { file: command.file, by: command.by } });
  }
  if (command.active !== (state.status === "active")) {
    events.push(
      command.active
        ? { type: "MaterialActivated", data: { by: command.by } }
        : { type: "MaterialDeactivated", data: { by: command.by } },
    );
  }
  return events;
};

export const deactivateMaterial = (command: DeactivateMaterial, state: Material): MaterialEvent[] => {
  if (state.status === "absent") throw notFound(materialErrors.notFound);
  return state.status === "inactive" ? [] : [{ type: "MaterialDeactivated", data: { by: command.by } }];
};

export const materialDecider: Decider<MaterialCommand, MaterialEvent, Material> = {
  initialState: () => ({ status: "absent" }),

  evolve: (state, event) => {
    switch (event.type) {
      case "MaterialUploaded": {
        const { by: _, ...material } = event.data;
        return { status: "active", ...material };
      }
      case "MaterialRevised":
        return state.status === "absent" ? state : { ...state, ...event.data };
      case "MaterialFileReplaced":
        return state.status === "absent" ? state : { ...state, file: event.data.file };
      case "MaterialActivated":
        return state.status === "absent" ? state : { ...state, status: "active" };
      case "MaterialDeactivated":
        return state.status === "absent" ? state : { ...state, status: "inactive" };
      default:
        return unchanged(state, event);
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case "UploadMaterial":
        return uploadMaterial(command, state);
      case "ReviseMaterial":
        return reviseMaterial(command, state);
      case "DeactivateMaterial":
        return deactivateMaterial(command, state);
      default:
        return assertNever(command);
    }
  },
};

export const materialEventDefinitions = Object.entries(materialEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));
