import type { Position } from "@el/domain";
import { describe, expect, it } from "vitest";
import { createWakeUps } from "./wake-ups";

const at = (globalPosition: number): Position => ({ transactionId: 1n, globalPosition: BigInt(globalPosition) });
const loopOf = (types: string[], position?: Position) => ({ handled: new Set(types), position });
const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe("the runner's wake-ups", () => {
  it("given idle loops, when this process appends a type, then only the loops that handle it wake and the count moves", async () => {
    const wakeUps = createWakeUps({ idlePollMs: 60_000, stopping: () => false });
    const lessons = loopOf(["LessonScheduled"]);
    const users = loopOf(["StudentRegistered"]);
    const lessonsIdle = wakeUps.idle(undefined, lessons);
    const usersIdle = wakeUps.idle(undefined, users);
    wakeUps.appended([{ position: at(1), types: ["LessonScheduled"] }]);
    expect(await settled(lessonsIdle)).toBe(true);
    expect(await settled(usersIdle)).toBe(false);
    expect(wakeUps.announced()).toBe(1);
    wakeUps.wakeAll();
    expect(await settled(usersIdle)).toBe(true);
  });

  it("given another process's append whose wake-up names no types, when announced, then every idle loop wakes", async () => {
    const wakeUps = createWakeUps({ idlePollMs: 60_000, stopping: () => false });
    const idle = wakeUps.idle(undefined, loopOf(["StudentRegistered"]));
    wakeUps.appended(undefined, {});
    expect(await settled(idle)).toBe(true);
  });

  it("given an append announced during a write, when the write ends, then it is announced again for readers that read below it", async () => {
    const wakeUps = createWakeUps({ idlePollMs: 60_000, stopping: () => false });
    const lessons = loopOf(["LessonScheduled"]);
    await wakeUps.writing(async () => {
      wakeUps.appended([{ position: at(1), types: ["LessonScheduled"] }]);
    });
    expect(wakeUps.announced()).toBe(2);
    let idle = wakeUps.idle(undefined, lessons);
    await wakeUps.writing(async () => {});
    expect(await settled(idle)).toBe(false);
    idle = wakeUps.idle(undefined, lessons);
    await wakeUps.writing(async () => wakeUps.appended(undefined, { types: ["LessonScheduled"] }));
    expect(await settled(idle)).toBe(true);
    wakeUps.wakeAll();
  });

  it("given the furthest append announced, when a loop has read short of it, then it is held back", () => {
    const wakeUps = createWakeUps({ idlePollMs: 60_000, stopping: () => false });
    expect(wakeUps.heldBack(loopOf([], at(1)))).toBe(false);
    wakeUps.appended(undefined, { head: at(5) });
    wakeUps.appended([{ position: at(3) }]);
    expect(wakeUps.heldBack(loopOf([], at(4)))).toBe(true);
    expect(wakeUps.heldBack(loopOf([], at(5)))).toBe(false);
  });

  it("given appends of types a loop does not handle, when it counts announcements or looks for held-back events, then they do not concern it", () => {
    const wakeUps = createWakeUps({ idlePollMs: 60_000, stopping: () => false });
    const lessons = loopOf(["LessonScheduled"], at(2));
    const before = wakeUps.announcedFor(lessons);
    wakeUps.appended([{ position: at(4), types: ["StudentRegistered"] }]);
    wakeUps.appended(undefined, { types: ["CreditsGranted"], head: at(5) });
    expect(wakeUps.announcedFor(lessons)).toBe(before);
    expect(wakeUps.heldBack(lessons)).toBe(false);
    wakeUps.appended(undefined, { types: ["LessonScheduled", "CreditSpent"], head: at(3) });
    expect(wakeUps.announcedFor(lessons)).toBe(before + 1);
    expect(wakeUps.heldBack(lessons)).toBe(true);
    wakeUps.appended(undefined, {});
    expect(wakeUps.announcedFor(lessons)).toBe(before + 2);
  });

  it("given idle loops without a time of their own, when the re-check comes, then they all wake at once; a stopping runner does not wait", async () => {
    const wakeUps = createWakeUps({ idlePollMs: 5, stopping: () => false });
    const first = wakeUps.idle(undefined, loopOf(["A"]));
    const second = wakeUps.idle(undefined, loopOf(["B"]));
    await Promise.all([first, second]);
    const stopped = createWakeUps({ idlePollMs: 60_000, stopping: () => true });
    expect(await settled(stopped.idle(undefined, loopOf(["A"])))).toBe(true);
  });

  it("given a loop waited on by a command, when it is woken by name, then it alone leaves its wait", async () => {
    const wakeUps = createWakeUps({ idlePollMs: 60_000, stopping: () => false });
    const wanted = loopOf(["A"]);
    const waited = wakeUps.idle(undefined, wanted);
    const other = wakeUps.idle(undefined, loopOf(["A"]));
    wakeUps.wake(wanted);
    expect(await settled(waited)).toBe(true);
    expect(await settled(other)).toBe(false);
    wakeUps.wakeAll();
  });
});
