import type { TeacherAvailability } from "@el/domain/directory/availability";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError } from "../../../lib/api";
import type { AvailabilityOwner } from "../api/get-availability";
import { availabilityEditorMachine } from "./availability-editor.machine";

const STORED: TeacherAvailability = { weekly: [{ dayOfWeek: 1, start: "18:00", end: "22:00" }], daysOff: [] };
const DAY_OFF: TeacherAvailability = { ...STORED, daysOff: ["2026-12-07"] };
const AFFECTED = [{ lessonId: 1001, date: "2026-12-07T21:00:00.000Z", student: { id: 5, name: "Ana Souza" } }];
const conflict = () => new ApiError(409, "error.availability.affected", [], { message: "x", affected: AFFECTED });

type Save = (input: {
  owner: AvailabilityOwner;
  draft: TeacherAvailability;
  confirm: boolean;
}) => Promise<TeacherAvailability>;

const start = (options: { load?: () => Promise<TeacherAvailability>; save?: Save } = {}) => {
  const saves: { owner: AvailabilityOwner; confirm: boolean }[] = [];
  const machine = availabilityEditorMachine.provide({
    actors: {
      load: fromPromise(() => (options.load ?? (async () => STORED))()),
      save: fromPromise<
        TeacherAvailability,
        { owner: AvailabilityOwner; draft: TeacherAvailability; confirm: boolean }
      >(({ input }) => {
        saves.push({ owner: input.owner, confirm: input.confirm });
        return (options.save ?? (async ({ draft }) => draft))(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { owner: 7 } }).start();
  return { actor, saves };
};

describe("the availability editor machine", () => {
  it("loads the stored availability into the draft", async () => {
    const { actor } = start();
    await waitFor(actor, (state) => state.matches("editing"));
    expect(actor.getSnapshot().context.draft).toEqual(STORED);
  });

  it("says a failed load and loads again on retry", async () => {
    let calls = 0;
    const { actor } = start({
      load: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError(500, "error.unexpected");
        return STORED;
      },
    });
    await waitFor(actor, (state) => state.matches("failed"));
    expect(actor.getSnapshot().context.loadError).toBeInstanceOf(ApiError);
    actor.send({ type: "availability.retry" });
    await waitFor(actor, (state) => state.matches("editing"));
    expect(calls).toBe(2);
  });

  it("saves a change and shows what the server stored", async () => {
    const merged = { weekly: [{ dayOfWeek: 1, start: "18:00", end: "23:00" }], daysOff: [] };
    const { actor, saves } = start({ save: async () => merged });
    await waitFor(actor, (state) => state.matches("editing"));
    actor.send({
      type: "draft.changed",
      draft: { weekly: [...STORED.weekly, { dayOfWeek: 1, start: "22:00", end: "23:00" }], daysOff: [] },
    });
    actor.send({ type: "availability.save" });
    await waitFor(actor, (state) => state.matches("editing") && state.context.justSaved);
    expect(saves).toEqual([{ owner: 7, confirm: false }]);
    expect(actor.getSnapshot().context.draft).toEqual(merged);
  });

  it("does not send a window shorter than an hour", async () => {
    const { actor, saves } = start();
    await waitFor(actor, (state) => state.matches("editing"));
    actor.send({
      type: "draft.changed",
      draft: { weekly: [{ dayOfWeek: 1, start: "18:00", end: "18:30" }], daysOff: [] },
    });
    actor.send({ type: "availability.save" });
    expect(actor.getSnapshot().matches("editing")).toBe(true);
    expect(saves).toEqual([]);
  });

  it("asks to confirm a change that takes booked lessons, and resends it confirmed", async () => {
    const { actor, saves } = start({
      save: async ({ draft, confirm }) => {
        if (!confirm) throw conflict();
        return draft;
      },
    });
    await waitFor(actor, (state) => state.matches("editing"));
    actor.send({ type: "draft.changed", draft: DAY_OFF });
    actor.send({ type: "availability.save" });
    await waitFor(actor, (state) => state.matches("confirming"));
    expect(actor.getSnapshot().context.affected).toEqual(AFFECTED);

    actor.send({ type: "conflict.confirmed" });
    await waitFor(actor, (state) => state.matches("editing"));
    expect(saves).toEqual([
      { owner: 7, confirm: false },
      { owner: 7, confirm: true },
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ saved: DAY_OFF, affected: [], justSaved: true });
  });

  it("keeps the draft unsaved when the teacher goes back from the confirmation", async () => {
    const { actor, saves } = start({
      save: async () => {
        throw conflict();
      },
    });
    await waitFor(actor, (state) => state.matches("editing"));
    actor.send({ type: "draft.changed", draft: DAY_OFF });
    actor.send({ type: "availability.save" });
    await waitFor(actor, (state) => state.matches("confirming"));
    actor.send({ type: "conflict.dismissed" });
    expect(actor.getSnapshot().matches("editing")).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ draft: DAY_OFF, saved: STORED, affected: [] });
    expect(saves).toHaveLength(1);
  });

  it("says any other refusal and keeps the draft", async () => {
    const { actor } = start({
      save: async () => {
        throw new ApiError(400, "error.availability.hours");
      },
    });
    await waitFor(actor, (state) => state.matches("editing"));
    actor.send({ type: "draft.changed", draft: DAY_OFF });
    actor.send({ type: "availability.save" });
    await waitFor(actor, (state) => state.context.saveError !== null);
    expect(actor.getSnapshot().matches("editing")).toBe(true);
    expect((actor.getSnapshot().context.saveError as ApiError).messageKey).toBe("error.availability.hours");
    expect(actor.getSnapshot().context.draft).toEqual(DAY_OFF);
  });
});
