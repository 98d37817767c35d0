import { type StudentEvent, studentStreams } from "@el/domain/accounts/index";
import type { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import type { Push } from "../../runner/projector";
import { batchComparisons } from "../../testing/lesson-history";
import { on, recordAll } from "../../testing/projection-spec";
import { usersProjector } from "./users-projector";

const student = (id: number, event: StudentEvent) => on(studentStreams.id(id), event);

/** Ten students, then credits granted, spent (trial or not), refunded and revoked at random among them. */
const accountsHistory = (seed: number, count: number) => {
  let state = seed;
  const random = (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor((state / 2_147_483_648) * below);
  };
  const events = Array.from({ length: 10 }, (_, index) =>
    student(index + 1, {
      type: "StudentRegistered",
      data: {
        id: index + 1,
        login: `student${index + 1}@example.com`,
        email: `student${index + 1}@example.com`,
        firstName: "Ana",
        lastName: "Souza",
        phone: null,
        level: 2,
        objective: "TRAVEL",
        seen: "FRIENDS",
        langKey: "pt-br",
        passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
        registeredAt: "2026-03-01T10:00:00.000Z",
      },
    }),
  );
  for (let n = 0; n < count; n++) {
    const id = 1 + random(10);
    const lesson = { lessonId: 1000 + n, schedulingId: 1000 + n };
    const roll = random(20);
    // Mostly credits spent, in runs, as a burst of schedulings has them; now and then something else.
    if (roll < 14) events.push(student(id, { type: "CreditSpent", data: lesson }));
    else if (roll < 15) events.push(student(id, { type: "CreditSpent", data: { ...lesson, trial: true } }));
    else if (roll < 17)
      events.push(student(id, { type: "CreditsGranted", data: { amount: 1 + random(3), grantedBy: "admin" } }));
    else if (roll < 18) events.push(student(id, { type: "TrialCreditsGranted", data: { amount: 1 } }));
    else if (roll < 19)
      events.push(student(id, { type: "CreditRefunded", data: { lessonId: lesson.lessonId, reason: "cancelled" } }));
    else
      events.push(student(id, { type: "CreditsRevoked", data: { amount: 1, revokedBy: "admin", reason: "engano" } }));
  }
  return recordAll(events);
};

/** The last balance each account was told of. */
const lastBalances = (pushes: Push[]) => Object.fromEntries(pushes.map((push) => [push.room, push.payload]));

describe("users applied live, in batches", () => {
  const compare = batchComparisons();
  const rowsIn = async (db: PGlite, schema: string) =>
    (await db.query(`select * from ${schema}.users order by id`)).rows;

  it.each([
    [1, 1],
    [2, 7],
    [3, 100],
    [4, 5000],
  ])(
    "leave the rows one event at a time leaves, and tell each account its balance (seed %i, batches of %i)",
    async (seed, size) => {
      const events = accountsHistory(seed, 400);
      const { one, batched, pushes } = await compare(usersProjector, events, size, rowsIn, "live");
      expect(one).toHaveLength(10);
      expect(batched).toEqual(one);
      expect(lastBalances(pushes.batched)).toEqual(lastBalances(pushes.one));
      expect(Object.keys(lastBalances(pushes.one))).toHaveLength(10);
    },
  );
});
