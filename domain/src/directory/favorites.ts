import { z } from "zod";
import type { Command } from "../shared/command";
import { assertNever, type Decider, unchanged } from "../shared/decider";
import { conflict } from "../shared/errors";
import { type EventOf, numericKey, streamKind } from "../shared/streams";

/**
 * A student's favourite teachers (stream `favorite-teachers-{studentId}`): "Favoritar" on a teacher's
 * profile adds one, and the student's home lists them with their next free slots. Adding one already kept
 * or removing one not kept stores nothing, so a double click or a retry changes nothing.
 */

/** Enough for any student who chooses; a bound so that the home's list stays one short query. */
export const FAVORITE_TEACHERS_MAX = 100;

export const favoriteErrors = {
  tooMany: "error.favorites.tooMany",
} as const;

const instant = z.iso.datetime({ offset: true });

export const favoriteEventSchemas = {
  FavoriteTeacherAdded: z.object({ teacherId: z.number().int(), at: instant }),
  FavoriteTeacherRemoved: z.object({ teacherId: z.number().int(), at: instant }),
};
export type FavoriteEvent = EventOf<typeof favoriteEventSchemas>;
export const favoriteEventDefinitions = Object.entries(favoriteEventSchemas).map(([type, schema]) => ({
  type,
  schema,
}));

/** `favorite-teachers-{studentId}`. */
export const favoriteStreams = streamKind("favorite-teachers", favoriteEventSchemas, numericKey);

export type AddFavoriteTeacher = Command<"AddFavoriteTeacher", { teacherId: number; now: Date }>;
export type RemoveFavoriteTeacher = Command<"RemoveFavoriteTeacher", { teacherId: number; now: Date }>;
export type FavoriteCommand = AddFavoriteTeacher | RemoveFavoriteTeacher;

/** The teachers kept, in the order they were added. */
export interface FavoriteTeachers {
  teacherIds: number[];
}

export const favoritesDecider: Decider<FavoriteCommand, FavoriteEvent, FavoriteTeachers> = {
  initialState: () => ({ teacherIds: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case "FavoriteTeacherAdded":
        return state.teacherIds.includes(event.data.teacherId)
          ? state
          : { teacherIds: [...state.teacherIds, event.data.teacherId] };
      case "FavoriteTeacherRemoved":
        return { teacherIds: state.teacherIds.filter((id) => id !== event.data.teacherId) };
      default:
        return unchanged(state, event);
    }
  },
  decide: (command, state) => {
    const kept = state.teacherIds.includes(command.teacherId);
    const data = { teacherId: command.teacherId, at: command.now.toISOString() };
    switch (command.type) {
      case "AddFavoriteTeacher":
        if (kept) return [];
        if (state.teacherIds.length >= FAVORITE_TEACHERS_MAX) throw conflict(favoriteErrors.tooMany);
        return [{ type: "FavoriteTeacherAdded", data }];
      case "RemoveFavoriteTeacher":
        return kept ? [{ type: "FavoriteTeacherRemoved", data }] : [];
      default:
        return assertNever(command);
    }
  },
};
