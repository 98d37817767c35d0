import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../../test/catalog-fixtures";

const world = useCatalogWorld();

const get = (url: string, headers: Record<string, string> = {}) => world.app.inject({ method: "GET", url, headers });
const createLevel = (name: string, active = true) =>
  world.app.inject({ method: "POST", url: "/api/levels", headers: world.admin.auth, payload: { name, active } });

describe("levels", () => {
  it("lists the seeded levels to anyone, a page at a time, with the total in X-Total-Count", async () => {
    const first = await get("/api/levels?page=0&size=3&sort=id,asc");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([
      { id: 1, name: "Begginer", active: true },
      { id: 2, name: "Intermediário", active: true },
      { id: 3, name: "Intermediário Avançado", active: true },
    ]);
    expect(Number(first.headers["x-total-count"])).toBeGreaterThanOrEqual(9);

    const byName = await get("/api/levels?size=999&sort=name,desc");
    expect(byName.json().map((level: { name: string }) => level.name)).toEqual([
      "Preparação para entrevista",
      "Intermediário Avançado",
      "Intermediário",
      "Inglês para viagens",
      "Conversação",
      "Business",
      "Begginer",
      "Avançado",
      "Aula Experimental",
    ]);
  });

  it("finds levels by name, ignoring case and accents", async () => {
    const response = await get("/api/_search/levels?query=intermediario&size=999");
    expect(response.json().map((level: { name: string }) => level.name)).toEqual([
      "Intermediário",
      "Intermediário Avançado",
    ]);
    expect(response.headers["x-total-count"]).toBe("2");
  });

  it("lets an administrator create a level, answered with its id and an alert", async () => {
    const response = await createLevel("  Conversação  ");
    expect(response.statusCode).toBe(201);
    const level = response.json();
    expect(level).toEqual({ id: expect.any(Number), name: "Conversação", active: true });
    expect(response.headers["x-app-alert"]).toBe("catalog.level.created");
    expect(response.headers["x-app-params"]).toBe(String(level.id));
    expect((await get(`/api/levels/${level.id}`)).json()).toEqual(level);
  });

  it("offers only active levels to students: toggling a level hides it from ?active=true and back", async () => {
    const { id } = (await createLevel("Pronúncia")).json();
    const offered = async () =>
      (await get("/api/levels?active=true&size=999")).json().map((level: { id: number }) => level.id);
    expect(await offered()).toContain(id);

    const off = await world.app.inject({ method: "PUT", url: `/api/levels/${id}/toggle`, headers: world.admin.auth });
    expect(off.json()).toMatchObject({ id, active: false });
    expect(off.headers["x-app-alert"]).toBe("catalog.level.deactivated");
    expect(await offered()).not.toContain(id);
    expect((await get("/api/levels?active=false&size=999")).json()).toContainEqual({
      id,
      name: "Pronúncia",
      active: false,
    });

    await world.app.inject({ method: "PUT", url: `/api/levels/${id}/toggle`, headers: world.admin.auth });
    expect(await offered()).toContain(id);
  });

  it("renames and deactivates through the edit form, and DELETE deactivates without losing the level", async () => {
    const { id } = (await createLevel("Kids")).json();
    const edited = await world.app.inject({
      method: "PUT",
      url: `/api/levels/${id}`,
      headers: world.admin.auth,
      payload: { id, name: "Teens", active: true },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ id, name: "Teens", active: true });

    const deleted = await world.app.inject({ method: "DELETE", url: `/api/levels/${id}`, headers: world.admin.auth });
    expect(deleted.statusCode).toBe(204);
    expect((await get(`/api/levels/${id}`)).json()).toEqual({ id, name: "Teens", active: false });
  });

  it("answers 404 for a level that does not exist, on reading and on editing", async () => {
    expect((await get("/api/levels/987654")).statusCode).toBe(404);
    const edit = await world.app.inject({
      method: "PUT",
      url: "/api/levels/987654",
      headers: world.admin.auth,
      payload: { name: "Ghost", active: true },
    });
    expect(edit.statusCode).toBe(404);
  });

  it("refuses an empty name and a new level that already has an id, with field errors", async () => {
    const empty = await createLevel("   ");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual([expect.objectContaining({ field: "name" })]);

    const withId = await world.app.inject({
      method: "POST",
      url: "/api/levels",
      headers: world.admin.auth,
      payload: { id: 5, name: "Copy" },
    });
    expect(withId.statusCode).toBe(400);
    expect(withId.json().fieldErrors).toEqual([{ field: "id", message: "error.idexists" }]);
  });

  it("keeps writes for administrators: 401 without a token, 403 for students and teachers", async () => {
    const write = (headers: Record<string, string>) =>
      world.app.inject({ method: "POST", url: "/api/levels", headers, payload: { name: "Hack" } });
    expect((await write({})).statusCode).toBe(401);
    expect((await write(world.student.auth)).statusCode).toBe(403);
    expect((await write(world.teacher.auth)).statusCode).toBe(403);
    const toggle = await world.app.inject({ method: "PUT", url: "/api/levels/1/toggle", headers: world.teacher.auth });
    expect(toggle.statusCode).toBe(403);
    expect((await get("/api/levels/1")).json().active).toBe(true);
  });
});
