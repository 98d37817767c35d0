import { describe, expect, it } from "vitest";
import { z } from "zod";
import { EventRegistry, MissingUpcaster } from "./registry";

/**
 * LessonBooked has changed twice: version 2 added the trail, version 3 turned minutes into hours.
 * Each upcaster records that it ran, so a test sees the chain's steps and their order.
 */
const steps: string[] = [];
const lessonBooked = {
  type: "LessonBooked",
  version: 3,
  schema: z.object({ level: z.string(), trail: z.string(), hours: z.number() }),
  upcasters: {
    1: (data: unknown) => {
      steps.push("1→2");
      return { ...(data as object), trail: "GENERAL" };
    },
    2: (data: unknown) => {
      steps.push("2→3");
      const { minutes, ...rest } = data as { minutes: number };
      return { ...rest, hours: minutes / 60 };
    },
  },
};

describe("upcasting stored events to their current version", () => {
  const registry = new EventRegistry().register(lessonBooked);

  it("runs every step of the chain in order, from the stored version up to the current one", () => {
    steps.length = 0;
    expect(registry.upcast("LessonBooked", 1, { level: "BASIC", minutes: 60 })).toEqual({
      level: "BASIC",
      trail: "GENERAL",
      hours: 1,
    });
    expect(steps).toEqual(["1→2", "2→3"]);
  });

  it("starts the chain at the stored version and leaves current data as it is", () => {
    steps.length = 0;
    expect(registry.upcast("LessonBooked", 2, { level: "BASIC", trail: "KIDS", minutes: 90 })).toEqual({
      level: "BASIC",
      trail: "KIDS",
      hours: 1.5,
    });
    expect(steps).toEqual(["2→3"]);
    steps.length = 0;
    const current = { level: "BASIC", trail: "KIDS", hours: 2 };
    expect(registry.upcast("LessonBooked", 3, current)).toBe(current);
    expect(steps).toEqual([]);
  });

  it("refuses to read an event whose chain has a missing step, naming the type and the version", () => {
    const { 2: _dropped, ...withoutSecondStep } = lessonBooked.upcasters;
    const incomplete = new EventRegistry().register({ ...lessonBooked, upcasters: withoutSecondStep });
    for (const stored of [1, 2]) {
      const read = () => incomplete.upcast("LessonBooked", stored, { level: "BASIC", minutes: 60 });
      expect(read).toThrow(MissingUpcaster);
      expect(read).toThrow("No upcaster for LessonBooked from version 2");
    }
    expect(() => incomplete.upcast("LessonBooked", 2, {})).toThrow(
      expect.objectContaining({ type: "LessonBooked", fromVersion: 2 }),
    );
  });

  it("stores new events at the current version", () => {
    expect(registry.currentVersion("LessonBooked")).toBe(3);
    expect(new EventRegistry().register({ type: "Plain", schema: z.object({}) }).currentVersion("Plain")).toBe(1);
  });
});
