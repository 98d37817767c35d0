import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../../test/catalog-fixtures";
import type { Person } from "../../../test/lesson-fixtures";

const world = useCatalogWorld();

const newTrail = {
  number: 6,
  title: "Travel: at the airport",
  content: "Check-in, security and boarding vocabulary",
  application: "The student checks in for a flight and solves a lost-luggage problem",
  techniques: "Role-play with a real boarding pass",
  level: { id: 2 },
};

const create = (payload: Record<string, unknown>, headers = world.admin.auth) =>
  world.app.inject({ method: "POST", url: "/api/trails", headers, payload });

describe("trails", () => {
  it("shows students and teachers every trail, by level and number, with its level's name", async () => {
    for (const person of [world.student, world.teacher]) {
      const response = await world.app.inject({ method: "GET", url: "/api/trails", headers: person.auth });
      expect(response.statusCode).toBe(200);
      const trails = response.json();
      expect(Number(response.headers["x-total-count"])).toBe(trails.length);
      expect(trails[0]).toMatchObject({
        number: 1,
        title: "Greetings and introductions",
        level: { id: 1, name: "Begginer" },
        materials: [],
      });
      expect(trails[0].content).toContain("to be");
    }
  });

  it("filters by level and leaves materials out with ?materials=false", async () => {
    const response = await world.app.inject({
      method: "GET",
      url: "/api/trails?level=6&materials=false",
      headers: world.student.auth,
    });
    const trails = response.json();
    expect(trails.length).toBeGreaterThanOrEqual(4);
    expect(trails.every((trail: { level: { name: string } }) => trail.level.name === "Business")).toBe(true);
    expect(trails.map((trail: { number: number }) => trail.number)).toEqual(
      trails.map((_: unknown, i: number) => i + 1),
    );
    expect(trails[0]).not.toHaveProperty("materials");
  });

  it("is not shown to anonymous visitors", async () => {
    expect((await world.app.inject({ method: "GET", url: "/api/trails" })).statusCode).toBe(401);
    expect((await world.app.inject({ method: "GET", url: "/api/trails/1" })).statusCode).toBe(401);
  });

  it("lets an administrator create, revise and delete a trail", async () => {
    const created = await create(newTrail);
    expect(created.statusCode).toBe(201);
    const trail = created.json();
    expect(trail).toMatchObject({ ...newTrail, id: expect.any(Number), level: { id: 2, name: "Intermediário" } });
    expect(created.headers["x-app-alert"]).toBe("catalog.trail.created");

    const revised = await world.app.inject({
      method: "PUT",
      url: `/api/trails/${trail.id}`,
      headers: world.admin.auth,
      payload: { ...newTrail, id: trail.id, title: "Travel: airports and flights", level: 3 },
    });
    expect(revised.statusCode).toBe(200);
    expect(revised.json()).toMatchObject({ title: "Travel: airports and flights", level: { id: 3 } });
    const read = await world.app.inject({ method: "GET", url: `/api/trails/${trail.id}`, headers: world.student.auth });
    expect(read.json().title).toBe("Travel: airports and flights");

    const deleted = await world.app.inject({
      method: "DELETE",
      url: `/api/trails/${trail.id}`,
      headers: world.admin.auth,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await world.app.inject({ method: "GET", url: `/api/trails/${trail.id}`, headers: world.student.auth }))
        .statusCode,
    ).toBe(404);
    const all = (await world.app.inject({ method: "GET", url: "/api/trails", headers: world.student.auth })).json();
    expect(all.map((each: { id: number }) => each.id)).not.toContain(trail.id);
  });

  it("refuses a trail of a level that does not exist, and one without a title, with field errors", async () => {
    const unknownLevel = await create({ ...newTrail, level: { id: 4242 } });
    expect(unknownLevel.statusCode).toBe(400);
    expect(unknownLevel.json().fieldErrors).toEqual([{ field: "level", message: "error.trail.unknownLevel" }]);

    const noTitle = await create({ ...newTrail, title: "" });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().fieldErrors).toEqual([expect.objectContaining({ field: "title" })]);
  });

  it("answers 404 when revising or deleting a trail that does not exist", async () => {
    const revise = await world.app.inject({
      method: "PUT",
      url: "/api/trails/999999",
      headers: world.admin.auth,
      payload: newTrail,
    });
    expect(revise.statusCode).toBe(404);
    const remove = await world.app.inject({ method: "DELETE", url: "/api/trails/999999", headers: world.admin.auth });
    expect(remove.statusCode).toBe(404);
  });

  it("keeps changes for administrators: 401 anonymous, 403 students and teachers", async () => {
    expect((await create(newTrail, {} as Person["auth"])).statusCode).toBe(401);
    expect((await create(newTrail, world.student.auth)).statusCode).toBe(403);
    expect((await create(newTrail, world.teacher.auth)).statusCode).toBe(403);
    const remove = await world.app.inject({ method: "DELETE", url: "/api/trails/1", headers: world.teacher.auth });
    expect(remove.statusCode).toBe(403);
  });
});
