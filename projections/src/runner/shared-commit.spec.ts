import type { Position, RecordedEvent } from "@el/domain";
import { describe, expect, it } from "vitest";
import type { Database, Sql } from "../sql";
import { createLoop } from "./loop";
import { eventByEvent, type Projector, type Push } from "./projector";
import type { Batch, Member } from "./reads";
import { createSharedCommits } from "./shared-commit";

const event = (n: number, type = "Ticked"): RecordedEvent => ({
  transactionId: 1n,
  globalPosition: BigInt(n),
  streamId: `s-${n}`,
  streamVersion: 1,
  type,
  schemaVersion: 1,
  data: { n },
  metadata: { occurredAt: new Date(1_000 * n).toISOString() },
  eventId: `e-${n}`,
  recordedAt: new Date(1_000 * n),
});
const START: Position = { transactionId: 0n, globalPosition: 0n };

const projectorOf = (name: string, fails = false): Projector => ({
  name,
  handles: ["Ticked"],
  tables: [],
  migrate: async () => {},
  evolve: eventByEvent(async (recorded) => {
    if (fails) throw new Error(`${name} cannot apply`);
    return [{ room: name, event: "ticked", payload: recorded.data }];
  }),
});

/** A database whose transactions record their statements, and commit unless their work throws. */
const fakeDb = () => {
  const transactions: string[][] = [];
  const db = {
    transaction: async <T>(work: (tx: Sql) => Promise<T>) => {
      const statements: string[] = [];
      const tx: Sql = {
        query: async <Row>(text: string, params?: unknown[]) => {
          statements.push(text.trim().split(/\s+/)[0] as string);
          const names = (params?.[0] ?? []) as string[];
          return { rows: names.map((name) => ({ name })) as Row[] };
        },
      };
      const result = await work(tx);
      transactions.push(statements);
      return result;
    },
  } as unknown as Database;
  return { db, transactions };
};

const memberOf = (projector: Projector, events: RecordedEvent[]) => {
  const loop = createLoop(projector);
  loop.persisted = START;
  let outcome: { pushes?: Push[]; error?: unknown } | undefined;
  const member: Member = {
    loop,
    relevant: events,
    settle: (pushes) => {
      outcome = { pushes };
    },
    fail: (error) => {
      outcome = { error };
    },
  };
  return { member, outcome: () => outcome };
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the transaction the awaited read models share", () => {
  it("given two readers of a small batch that both apply something, when the last has decided, then one transaction moves both checkpoints and the pushes leave together", async () => {
    const { db, transactions } = fakeDb();
    const pushed: Push[][] = [];
    const decide = createSharedCommits({
      db,
      writing: (write) => write(),
      onPush: (p) => pushed.push(p),
      log: () => {},
    });
    const events = [event(1), event(2)];
    const batch: Batch = { events, undecided: 2, members: [] };
    const first = memberOf(projectorOf("a"), events);
    const second = memberOf(projectorOf("b"), events);
    decide(batch, first.member);
    expect(first.outcome()).toBeUndefined();
    decide(batch, second.member);
    await settle();
    expect(transactions).toEqual([["update"]]);
    expect(pushed.flat().map((push) => push.room)).toEqual(["a", "a", "b", "b"]);
    expect(first.outcome()).toEqual({ pushes: [] });
    expect(second.outcome()).toEqual({ pushes: [] });
  });

  it("given a reader that applies nothing, or too many events to share, then each member applies alone", async () => {
    const { db, transactions } = fakeDb();
    const decide = createSharedCommits({ db, writing: (write) => write(), log: () => {} });
    const lone = memberOf(projectorOf("a"), [event(1)]);
    const batch: Batch = { events: [event(1)], undecided: 2, members: [] };
    decide(batch, lone.member);
    decide(batch);
    const many = Array.from({ length: 26 }, (_, n) => event(n + 1));
    const large: Batch = { events: many, undecided: 2, members: [] };
    const a = memberOf(projectorOf("a"), many);
    const b = memberOf(projectorOf("b"), many);
    decide(large, a.member);
    decide(large, b.member);
    await settle();
    expect(transactions).toEqual([]);
    expect([lone.outcome(), a.outcome(), b.outcome()]).toEqual([{}, {}, {}]);
  });

  it("given a member whose apply throws in the shared transaction, then it alone fails and the others try again alone", async () => {
    const { db, transactions } = fakeDb();
    const decide = createSharedCommits({ db, writing: (write) => write(), log: () => {} });
    const events = [event(1)];
    const batch: Batch = { events, undecided: 2, members: [] };
    const healthy = memberOf(projectorOf("a"), events);
    const faulty = memberOf(projectorOf("b", true), events);
    decide(batch, healthy.member);
    decide(batch, faulty.member);
    await settle();
    expect(transactions).toEqual([]);
    expect(healthy.outcome()).toEqual({});
    expect(String(faulty.outcome()?.error)).toContain("b cannot apply");
  });
});
