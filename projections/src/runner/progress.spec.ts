import type { Position } from "@el/domain";
import { describe, expect, it } from "vitest";
import type { Sql } from "../sql";
import { createProgress, PROGRESS_CHANNEL } from "./progress";

const at = (globalPosition: number): Position => ({ transactionId: 7n, globalPosition: BigInt(globalPosition) });
const turn = () => new Promise((resolve) => setImmediate(resolve));

const harness = (running: { name: string; position: Position }[] = []) => {
  const notified: string[] = [];
  const db: Sql = {
    query: async <Row>(_text: string, params?: unknown[]) => {
      expect(params?.[0]).toBe(PROGRESS_CHANNEL);
      notified.push(params?.[1] as string);
      return { rows: [] as Row[] };
    },
  };
  let heard = 0;
  const progress = createProgress({
    db,
    running: () => running,
    runsHere: (name) => running.some((each) => each.name === name),
    stopping: () => false,
    onHeard: () => heard++,
  });
  return { progress, notified, running, heardCount: () => heard };
};

describe("progress announced between processes", () => {
  it("given nobody asked, when positions move, then nothing is announced", async () => {
    const { progress, notified } = harness([{ name: "users", position: at(3) }]);
    progress.announce();
    await turn();
    expect(notified).toEqual([]);
  });

  it("given another process asked, then every position is announced once, and afterwards only the ones that moved", async () => {
    const { progress, notified, running } = harness([
      { name: "users", position: at(3) },
      { name: "lessons", position: at(2) },
    ]);
    progress.heard("w:other");
    await turn();
    expect(notified).toEqual([`p:${instanceOf(notified[0])}:{"users":"7:3","lessons":"7:2"}`]);
    running[1] = { name: "lessons", position: at(4) };
    progress.announce();
    await turn();
    expect(notified[1]).toMatch(/^p:[a-z0-9]+:\{"lessons":"7:4"\}$/);
    progress.announce();
    await turn();
    expect(notified).toHaveLength(2);
  });

  it("given another process announces positions, then they are remembered for the projectors this one does not run, and its own announcements are not news", () => {
    const { progress, heardCount } = harness([{ name: "users", position: at(1) }]);
    progress.heard(`p:other:${JSON.stringify({ users: "7:9", lessons: "7:8", broken: "x" })}`);
    expect(progress.remotePosition("lessons")).toEqual(at(8));
    expect(progress.remotePosition("users")).toBeUndefined();
    expect(progress.remotePosition("broken")).toBeUndefined();
    expect(progress.flowing()).toBe(true);
    expect(heardCount()).toBe(1);
    progress.heard("p:other:not json");
    expect(heardCount()).toBe(1);
    progress.heard("");
    expect(progress.remotePosition("lessons")).toBeUndefined();
  });

  it("given a wait, when it asks for progress twice within a second, then one request goes out", () => {
    const { progress, notified } = harness();
    progress.ask();
    progress.ask();
    expect(notified).toHaveLength(1);
    expect(notified[0]).toMatch(/^w:[a-z0-9]+$/);
    const own = notified[0] as string;
    progress.heard(own);
    expect(notified).toHaveLength(1);
  });
});

const instanceOf = (payload: string | undefined) => payload?.split(":")[1];
