import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { conflict, notFound } from "../shared/errors";
import { type EventOf, numericKey, streamKind } from "../shared/streams";

/**
 * A level (stream `level-{id}`): a group of trails a student studies in. Only active levels are offered
 * to students when they register or schedule; an inactive one keeps its trails and its history.
 */

export const levelErrors = {
  notFound: "error.level.notFound",
  exists: "error.level.exists",
} as const;

export const LevelName = z.string().trim().min(1).max(100);

export const levelEventSchemas = {
  LevelCreated: z.object({ id: z.number().int().positive(), name: LevelName, active: z.boolean() }),
  LevelRenamed: z.object({ name: LevelName }),
  LevelActivated: z.object({ by: z.string() }),
  LevelDeactivated: z.object({ by: z.string() }),
};

export type LevelEvent = EventOf<typeof levelEventSchemas>;

export const levelStreams = streamKind("level", levelEventSchemas, numericKey);

export type CreateLevel = Command<"CreateLevel", { id: number; name: string; active: boolean }>;
/** The administrator's form: the name and the active flag as they should be now. */
export type UpdateLevel = Command<"UpdateLevel", { name: string; active: boolean; by: string }>;
export type ToggleLevel = Command<"ToggleLevel", { by: string }>;
export type DeactivateLevel = Command<"DeactivateLevel", { by: string }>;

export type LevelCommand = CreateLevel | UpdateLevel | ToggleLevel | DeactivateLevel;

export type Level = { status: "absent" } | { status: "active" | "inactive"; id: number; name: string };
export type ExistingLevel = Exclude<Level, { status: "absent" }>;

const existing = (state: Level): ExistingLevel => {
  if (state.status === "absent") throw notFound(levelErrors.notFound);
  return state;
};

const activation = (active: boolean, by: string): LevelEvent =>
  active ? { type: "LevelActivated", data: { by } } : { type: "LevelDeactivated", data: { by } };

export const createLevel = (command: CreateLevel, state: Level): LevelEvent[] => {
  if (state.status !== "absent") throw conflict(levelErrors.exists);
  return [{ type: "LevelCreated", data: { id: command.id, name: command.name.trim(), active: command.active } }];
};

export const updateLevel = (command: UpdateLevel, state: Level): LevelEvent[] => {
  const level = existing(state);
  const events: LevelEvent[] = [];
  const name = command.name.trim();
  if (name !== level.name) events.push({ type: "LevelRenamed", data: { name } });
  if (command.active !== (level.status === "active")) events.push(activation(command.active, command.by));
  return events;
};

export const toggleLevel = (command: ToggleLevel, state: Level): LevelEvent[] => {
  const level = existing(state);
  return [activation(level.status !== "active", command.by)];
};

export const deactivateLevel = (command: DeactivateLevel, state: Level): LevelEvent[] => {
  const level = existing(state);
  return level.status === "active" ? [activation(false, command.by)] : [];
};

export const levelDecider: Decider<LevelCommand, LevelEvent, Level> = {
  initialState: () => ({ status: "absent" }),

  evolve: (state, event) => {
    switch (event.type) {
      case "LevelCreated":
        return { status: event.data.active ? "active" : "inactive", id: event.data.id, name: event.data.name };
      case "LevelRenamed":
        return state.status === "absent" ? state : { ...state, name: event.data.name };
      case "LevelActivated":
        return state.status === "absent" ? state : { ...state, status: "active" };
      case "LevelDeactivated":
        return state.status === "absent" ? state : { ...state, status: "inactive" };
      default:
        return unchanged(state, event);
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case "CreateLevel":
        return createLevel(command, state);
      case "UpdateLevel":
        return updateLevel(command, state);
      case "ToggleLevel":
        return toggleLevel(command, state);
      case "DeactivateLevel":
        return deactivateLevel(command, state);
      default:
        return assertNever(command);
    }
  },
};

export const levelEventDefinitions = Object.entries(levelEventSchemas).map(([type, schema]) => ({ type, schema }));
