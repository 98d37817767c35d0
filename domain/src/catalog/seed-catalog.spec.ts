import { describe, expect, it } from "vitest";
import {
  LATER_SEED_LEVELS,
  seedCatalogAdditions,
  seedCatalogAppends,
  seedLevels,
  seedPackages,
  seedTrails,
} from "./seed-catalog";

describe("seed catalogue", () => {
  it("has the spec's level groups", () => {
    expect(seedLevels.map(({ id, name }) => `${id} ${name}`)).toEqual([
      "1 Begginer",
      "2 Intermediário",
      "3 Intermediário Avançado",
      "4 Avançado",
      "5 Preparação para entrevista",
      "6 Business",
      "9 Aula Experimental",
      "10 Conversação",
      "8 Inglês para viagens",
    ]);
  });

  it("adds groups 10 and 8 after the first release's trails, whose ids stay as they were", () => {
    const first = seedTrails.filter((trail) => !LATER_SEED_LEVELS.includes(trail.levelId));
    expect(first.map((trail) => trail.id)).toEqual(first.map((_, index) => index + 1));
    const additions = seedCatalogAdditions().map((append) => append.streamId);
    const later = seedTrails.filter((trail) => LATER_SEED_LEVELS.includes(trail.levelId));
    expect(later.length).toBeGreaterThanOrEqual(8);
    expect(later.every((trail) => trail.id > first.length)).toBe(true);
    expect(additions.sort()).toEqual(["level-10", "level-8", ...later.map((trail) => `trail-${trail.id}`)].sort());
  });

  it("gives every level at least four numbered trails, and the trial lesson its own", () => {
    for (const level of seedLevels) {
      const trails = seedTrails.filter((trail) => trail.levelId === level.id);
      expect(trails.map((trail) => trail.number)).toEqual(trails.map((_, index) => index + 1));
      expect(trails.length, level.name).toBeGreaterThanOrEqual(level.id === 9 ? 1 : 4);
      for (const trail of trails) {
        for (const text of [trail.content, trail.application, trail.techniques]) {
          expect(text.length, `${level.name} ${trail.title}`).toBeGreaterThan(80);
        }
      }
    }
  });

  it("sells the five packs of spec section 9", () => {
    expect(seedPackages.map(({ amount, valueCents }) => [amount, valueCents / 100])).toEqual([
      [1, 47],
      [4, 180],
      [8, 340],
      [12, 480],
      [24, 900],
    ]);
  });

  it("is made of events the deciders accept, one stream each, trail ids unique", () => {
    const appends = seedCatalogAppends();
    expect(appends).toHaveLength(seedLevels.length + seedTrails.length + seedPackages.length);
    expect(new Set(appends.map((append) => append.streamId)).size).toBe(appends.length);
    expect(appends.every((append) => append.events.length === 1)).toBe(true);
  });
});
