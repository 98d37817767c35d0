import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { conflict, invalid, notFound } from "../shared/errors";
import { type EventOf, numericKey, streamKind } from "../shared/streams";
import type { Level } from "./level";

/**
 * A trail (stream `trail-{id}`): one lesson plan of a level, numbered in the order a student takes
 * them. `content` is what the lesson covers, `application` how the student uses it, `techniques` how the
 * teacher runs it. A removed trail leaves the catalogue but stays readable for the lessons held on it.
 */

export const trailErrors = {
  notFound: "error.trail.notFound",
  exists: "error.trail.exists",
  unknownLevel: "error.trail.unknownLevel",
} as const;

export const TrailFields = z.object({
  number: z.number().int().min(1).max(9999),
  title: z.string().trim().min(1).max(200),
  content: z.string().max(10_000),
  application: z.string().max(10_000),
  techniques: z.string().max(10_000),
  levelId: z.number().int().positive(),
});
export type TrailFields = z.infer<typeof TrailFields>;

export const trailEventSchemas = {
  TrailCreated: TrailFields.extend({ id: z.number().int().positive() }),
  TrailRevised: TrailFields,
  TrailRemoved: z.object({ by: z.string() }),
};

export type TrailEvent = EventOf<typeof trailEventSchemas>;

export const trailStreams = streamKind("trail", trailEventSchemas, numericKey);

/** `level` is the state of the level the trail is to belong to, as read from its stream. */
export type CreateTrail = Command<"CreateTrail", { id: number; level: Level } & TrailFields>;
export type ReviseTrail = Command<"ReviseTrail", { level: Level } & TrailFields>;
export type RemoveTrail = Command<"RemoveTrail", { by: string }>;

export type TrailCommand = CreateTrail | ReviseTrail | RemoveTrail;

export type Trail = { status: "absent" } | ({ status: "published" | "removed"; id: number } & TrailFields);

const fieldsOf = ({ number, title, content, application, techniques, levelId }: TrailFields): TrailFields => ({
  number,
  title: title.trim(),
  content,
  application,
  techniques,
  levelId,
});

const sameFields = (a: TrailFields, b: TrailFields) =>
  (Object.keys(TrailFields.shape) as (keyof TrailFields)[]).every((key) => a[key] === b[key]);

const requireLevel = (level: Level, levelId: number) => {
  if (level.status === "absent" || level.id !== levelId) throw invalid(trailErrors.unknownLevel, "level");
};

export const createTrail = (command: CreateTrail, state: Trail): TrailEvent[] => {
  if (state.status !== "absent") throw conflict(trailErrors.exists);
  requireLevel(command.level, command.levelId);
  return [{ type: "TrailCreated", data: { id: command.id, ...fieldsOf(command) } }];
};

export const reviseTrail = (command: ReviseTrail, state: Trail): TrailEvent[] => {
  if (state.status !== "published") throw notFound(trailErrors.notFound);
  requireLevel(command.level, command.levelId);
  const fields = fieldsOf(command);
  return sameFields(fields, state) ? [] : [{ type: "TrailRevised", data: fields }];
};

export const removeTrail = (command: RemoveTrail, state: Trail): TrailEvent[] => {
  if (state.status === "absent") throw notFound(trailErrors.notFound);
  return state.status === "removed" ? [] : [{ type: "TrailRemoved", data: { by: command.by } }];
};

export const trailDecider: Decider<TrailCommand, TrailEvent, Trail> = {
  initialState: () => ({ status: "absent" }),

  evolve: (state, event) => {
    switch (event.type) {
      case "TrailCreated":
        return { status: "published", ...event.data };
      case "TrailRevised":
        return state.status === "absent" ? state : { ...state, ...event.data };
      case "TrailRemoved":
        return state.status === "absent" ? state : { ...state, status: "removed" };
      default:
        return unchanged(state, event);
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case "CreateTrail":
        return createTrail(command, state);
      case "ReviseTrail":
        return reviseTrail(command, state);
      case "RemoveTrail":
        return removeTrail(command, state);
      default:
        return assertNever(command);
    }
  },
};

export const trailEventDefinitions = Object.entries(trailEventSchemas).map(([type, schema]) => ({ type, schema }));
