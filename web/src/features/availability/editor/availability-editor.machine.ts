import type { TeacherAvailability } from "@el/domain/directory/availability";
import type { AffectedLesson } from "@el/domain/directory/directory-contracts";
import { assign, fromPromise, setup } from "xstate";
import { type AvailabilityOwner, fetchAvailability } from "../api/get-availability";
import { affectedLessonsOf, saveAvailability } from "../api/save-availability";
import { isSendable } from "./availability-draft";

export type AvailabilityEditorEvent =
  | { type: "availability.retry" }
  | { type: "draft.changed"; draft: TeacherAvailability }
  | { type: "availability.save" }
  | { type: "conflict.confirmed" }
  | { type: "conflict.dismissed" };

interface AvailabilityEditorContext {
  owner: AvailabilityOwner;
  /** As the server last answered it. */
  saved: TeacherAvailability;
  /** As the editor shows it, changed or not. */
  draft: TeacherAvailability;
  loadError: unknown;
  saveError: unknown;
  /** The booked lessons the last save would take away (its 409), while the confirm dialog is open. */
  affected: AffectedLesson[];
  /** Whether the last save went through, for the notice; the next change clears it. */
  justSaved: boolean;
}

const empty: TeacherAvailability = { weekly: [], daysOff: [] };
/** After a save the editor shows what the server stored: merged, sorted windows. */
const shown = (saved: TeacherAvailability) => ({ saved, draft: saved, justSaved: true });

/**
 * A teacher's availability being edited, by the teacher or the back office. Saving a change that would
 * take booked lessons away is refused with those lessons (409); the editor asks to confirm and resends
 * with `confirm: true`, which sends those lessons back to the open board.
 */
export const availabilityEditorMachine = setup({
  types: {
    context: {} as AvailabilityEditorContext,
    input: {} as { owner: AvailabilityOwner },
    events: {} as AvailabilityEditorEvent,
  },
  actors: {
    load: fromPromise<TeacherAvailability, { owner: AvailabilityOwner }>(({ input }) => fetchAvailability(input.owner)),
    save: fromPromise<TeacherAvailability, { owner: AvailabilityOwner; draft: TeacherAvailability; confirm: boolean }>(
      ({ input }) => saveAvailability(input.owner, input.draft, input.confirm),
    ),
  },
  guards: {
    sendable: ({ context }) => isSendable(context.draft),
    refusedForLessons: ({ event }) => affectedLessonsOf((event as { error?: unknown }).error) !== null,
  },
}).createMachine({
  id: "availabilityEditor",
  context: ({ input }) => ({
    owner: input.owner,
    saved: empty,
    draft: empty,
    loadError: null,
    saveError: null,
    affected: [],
    justSaved: false,
  }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "load",
        input: ({ context }) => ({ owner: context.owner }),
        onDone: {
          target: "editing",
          actions: assign({ saved: ({ event }) => event.output, draft: ({ event }) => event.output, loadError: null }),
        },
        onError: { target: "failed", actions: assign({ loadError: ({ event }) => event.error }) },
      },
    },
    failed: { on: { "availability.retry": "loading" } },
    editing: {
      on: {
        "draft.changed": {
          actions: assign({ draft: ({ event }) => event.draft, justSaved: false, saveError: null }),
        },
        "availability.save": { guard: "sendable", target: "saving" },
      },
    },
    saving: {
      entry: assign({ saveError: null, justSaved: false }),
      invoke: {
        src: "save",
        input: ({ context }) => ({ owner: context.owner, draft: context.draft, confirm: false }),
        onDone: { target: "editing", actions: assign(({ event }) => shown(event.output)) },
        onError: [
          {
            guard: "refusedForLessons",
            target: "confirming",
            actions: assign({ affected: ({ event }) => affectedLessonsOf(event.error) ?? [] }),
          },
          { target: "editing", actions: assign({ saveError: ({ event }) => event.error }) },
        ],
      },
    },
    confirming: {
      on: {
        "conflict.confirmed": "savingConfirmed",
        "conflict.dismissed": { target: "editing", actions: assign({ affected: [] }) },
      },
    },
    savingConfirmed: {
      invoke: {
        src: "save",
        input: ({ context }) => ({ owner: context.owner, draft: context.draft, confirm: true }),
        onDone: { target: "editing", actions: assign(({ event }) => ({ ...shown(event.output), affected: [] })) },
        onError: { target: "editing", actions: assign({ saveError: ({ event }) => event.error, affected: [] }) },
      },
    },
  },
});
