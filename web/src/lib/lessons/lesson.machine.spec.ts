import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import { createManualFeed } from "../../test/manual-feed";
import { lessonMachine } from "./lesson.machine";
import type { LessonCard } from "./lesson-card";

const HOUR = 60 * 60 * 1000;
const start = Date.parse("2026-03-10T13:00:00.000Z");

const lesson = (overrides: Partial<LessonCard> = {}): LessonCard => ({
  id: 42,
  date: new Date(start).toISOString(),
  trail: { number: 3, title: "Small talk at work" },
  levelName: "Intermediário",
  objective: "PROFESSIONAL",
  teacherName: null,
  studentName: "Ana Souza",
  meetUrl: null,
  feedbackGiven: false,
  ...overrides,
});

const run = (card: LessonCard, minutesBeforeStart = 120) => {
  const clock = new SimulatedClock();
  clock.set(start - minutesBeforeStart * 60 * 1000);
  const live = createManualFeed();
  const actor = createActor(lessonMachine, {
    clock,
    input: { lesson: card, feed: live.feed, now: () => clock.now() },
  }).start();
  return { actor, clock, live };
};

const accepted = { lessonId: 42, date: new Date(start).toISOString(), teacher: { id: 7, name: "Paul Smith" } };

describe("the lesson machine", () => {
  it("starts pending without a teacher and becomes accepted, with teacher and video link, when the claim is pushed", () => {
    const { actor, live } = run(lesson());
    expect(actor.getSnapshot().value).toBe("pending");

    live.push("lesson:accepted", { ...accepted, meetUrl: "https://meet.jit.si/el-42-abc" });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe("accepted");
    expect(snapshot.context.lesson.teacherName).toBe("Paul Smith");
    // The teacher's id comes too: the student's row reads the teacher's photo and rating by it.
    expect(snapshot.context.lesson.teacherId).toBe(7);
    expect(snapshot.context.lesson.meetUrl).toBe("https://meet.jit.si/el-42-abc");
  });

  it("ignores the claim of another lesson", () => {
    const { actor, live } = run(lesson());
    live.push("lesson:accepted", { ...accepted, lessonId: 43, meetUrl: "https://meet.jit.si/other" });
    expect(actor.getSnapshot().value).toBe("pending");
    expect(actor.getSnapshot().context.lesson.meetUrl).toBeNull();
  });

  it("stops listening to the socket once accepted", () => {
    const { live } = run(lesson());
    expect(live.listenerCount("lesson:accepted")).toBe(1);
    live.push("lesson:accepted", { ...accepted, meetUrl: "https://meet.jit.si/el-42-abc" });
    expect(live.listenerCount("lesson:accepted")).toBe(0);
  });

  it("given an accepted lesson, when its teacher is taken away, then it is pending again without teacher nor link, and waits for a claim", () => {
    const { actor, live } = run(lesson({ teacherName: "Paul Smith", teacherId: 7, meetUrl: "https://meet.jit.si/x" }));
    expect(actor.getSnapshot().value).toBe("accepted");
    live.push("lesson:unassigned", { lessonId: 43 });
    expect(actor.getSnapshot().value).toBe("accepted");

    live.push("lesson:unassigned", { lessonId: 42 });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe("pending");
    expect(snapshot.context.lesson).toMatchObject({ teacherName: null, teacherId: null, meetUrl: null });
    expect(live.listenerCount("lesson:unassigned")).toBe(0);
    live.push("lesson:accepted", {
      ...accepted,
      teacher: { id: 8, name: "Jane Doe" },
      meetUrl: "https://meet.jit.si/y",
    });
    expect(actor.getSnapshot().context.lesson.teacherName).toBe("Jane Doe");
  });

  it("counts an accepted lesson as held one hour after it started, then feedbackGiven once rated", () => {
    const { actor, clock } = run(lesson({ teacherName: "Paul Smith", meetUrl: "https://meet.jit.si/x" }), 30);
    expect(actor.getSnapshot().value).toBe("accepted");

    clock.increment(30 * 60 * 1000 + HOUR - 1);
    expect(actor.getSnapshot().value).toBe("accepted");
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe("held");

    actor.send({ type: "lesson.feedbackGiven" });
    expect(actor.getSnapshot().value).toBe("feedbackGiven");
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("waits across days for a lesson scheduled weeks ahead", () => {
    const { actor, clock } = run(lesson({ teacherName: "Paul Smith", meetUrl: "https://meet.jit.si/x" }), 60 * 24 * 40);
    clock.increment(40 * 24 * HOUR);
    expect(actor.getSnapshot().value).toBe("accepted");
    clock.increment(HOUR);
    expect(actor.getSnapshot().value).toBe("held");
  });

  it("resumes a lesson loaded from the API where it stands", () => {
    expect(run(lesson({ teacherName: "Paul Smith" }), -90).actor.getSnapshot().value).toBe("held");
    expect(run(lesson({ teacherName: "Paul Smith", feedbackGiven: true }), -90).actor.getSnapshot().value).toBe(
      "feedbackGiven",
    );
    // Nobody claimed it in time: it never took place, so it stays pending rather than held.
    expect(run(lesson(), -90).actor.getSnapshot().value).toBe("pending");
  });

  it("cannot be rated before it was held", () => {
    const { actor } = run(lesson({ teacherName: "Paul Smith" }));
    actor.send({ type: "lesson.feedbackGiven" });
    expect(actor.getSnapshot().value).toBe("accepted");
  });
});
