import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError } from "../../../lib/api";
import { type BookingAttempt, bookingMachine } from "./booking.machine";

const START = "2026-12-01T18:00:00-03:00";

const start = (book: (attempt: BookingAttempt) => Promise<unknown> = async () => ({})) => {
  const sent: BookingAttempt[] = [];
  const told: string[] = [];
  const machine = bookingMachine.provide({
    actors: {
      book: fromPromise<unknown, BookingAttempt>(({ input }) => {
        sent.push(input);
        return book(input);
      }),
    },
    actions: { booked: () => told.push("booked"), slotTaken: () => told.push("slotTaken") },
  });
  return { actor: createActor(machine).start(), sent, told };
};

describe("booking one of a teacher's free starts", () => {
  it("asks for the trail before sending anything", () => {
    const { actor, sent } = start();
    actor.send({ type: "booking.submitted", teacherId: 21, start: START });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.trailError).toBe("directory.booking.trailRequired");
    expect(sent).toEqual([]);
    actor.send({ type: "trail.chosen", trailId: "31" });
    expect(actor.getSnapshot().context.trailError).toBeNull();
  });

  it("books one lesson at the chosen start, then says so", async () => {
    const { actor, sent, told } = start();
    actor.send({ type: "trail.chosen", trailId: "31" });
    actor.send({ type: "booking.submitted", teacherId: 21, start: START });
    await waitFor(actor, (snapshot) => snapshot.matches("booked"));
    expect(sent).toEqual([
      { teacherId: 21, start: START, trailId: 31, weeks: null, idempotencyKey: expect.any(String) },
    ]);
    expect(told).toEqual(["booked"]);
  });

  it("books a weekly series when 'Toda semana' is ticked, its weeks kept within 2 and 52", async () => {
    const { actor, sent } = start();
    actor.send({ type: "trail.chosen", trailId: "31" });
    actor.send({ type: "weekly.toggled", weekly: true });
    actor.send({ type: "weeks.chosen", weeks: 60 });
    expect(actor.getSnapshot().context.weeks).toBe(52);
    actor.send({ type: "weeks.chosen", weeks: 1 });
    expect(actor.getSnapshot().context.weeks).toBe(2);
    actor.send({ type: "weeks.chosen", weeks: 12 });
    actor.send({ type: "booking.submitted", teacherId: 21, start: START });
    await waitFor(actor, (snapshot) => snapshot.matches("booked"));
    expect(sent[0]?.weeks).toBe(12);
  });

  it("goes back to the form with the message and has the free starts read again when the start was just taken", async () => {
    const taken = new ApiError(409, "error.lesson.teacherBusy");
    const { actor, sent, told } = start(() => Promise.reject(taken));
    actor.send({ type: "trail.chosen", trailId: "31" });
    actor.send({ type: "booking.submitted", teacherId: 21, start: START });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.failure).toBe(taken);
    expect(told).toEqual(["slotTaken"]);
    // The next booking is another request: it gets a key of its own.
    actor.send({ type: "booking.submitted", teacherId: 21, start: "2026-12-01T19:00:00-03:00" });
    await waitFor(actor, (snapshot) => snapshot.context.attempt?.start === "2026-12-01T19:00:00-03:00");
    expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
  });

  it("keeps the key after a failure that may have reached the server, so a retry spends one credit at most", async () => {
    let answer: () => Promise<unknown> = () => Promise.reject(new ApiError(0, "error.server.not.reachable"));
    const { actor, sent, told } = start(() => answer());
    actor.send({ type: "trail.chosen", trailId: "31" });
    actor.send({ type: "booking.submitted", teacherId: 21, start: START });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(told).toEqual([]);
    answer = async () => ({});
    actor.send({ type: "booking.submitted", teacherId: 21, start: START });
    await waitFor(actor, (snapshot) => snapshot.matches("booked"));
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: "booking.restarted" });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
  });
});
