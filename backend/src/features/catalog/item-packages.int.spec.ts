import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../../test/catalog-fixtures";

const world = useCatalogWorld();

const create = (payload: Record<string, unknown>, headers: Record<string, string> = world.admin.auth) =>
  world.app.inject({ method: "POST", url: "/api/item-packages", headers, payload });

describe("item packages", () => {
  it("shows the spec's five packs to anonymous visitors, smallest first, prices in reais", async () => {
    const response = await world.app.inject({ method: "GET", url: "/api/item-packages" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: 1, amount: 1, value: 47 },
      { id: 2, amount: 4, value: 180 },
      { id: 3, amount: 8, value: 340 },
      { id: 4, amount: 12, value: 480 },
      { id: 5, amount: 24, value: 900 },
    ]);
    expect(response.headers["x-total-count"]).toBe("5");
  });

  it("keeps a price with centavos exact: reais on the API, whole centavos inside", async () => {
    const created = await create({ amount: 2, value: 89.9 });
    expect(created.statusCode).toBe(201);
    const pack = created.json();
    expect(pack).toEqual({ id: expect.any(Number), amount: 2, value: 89.9 });
    const { rows } = await world.db.query<{ value_cents: number }>(
      "select value_cents from catalog_packages where id = $1",
      [pack.id],
    );
    expect(rows[0]?.value_cents).toBe(8990);
    expect((await world.app.inject({ method: "GET", url: `/api/item-packages/${pack.id}` })).json()).toEqual(pack);
  });

  it("reprices and withdraws a pack", async () => {
    const { id } = (await create({ amount: 6, value: 260 })).json();
    const repriced = await world.app.inject({
      method: "PUT",
      url: `/api/item-packages/${id}`,
      headers: world.admin.auth,
      payload: { id, amount: 6, value: 249.5 },
    });
    expect(repriced.json()).toEqual({ id, amount: 6, value: 249.5 });
    expect(repriced.headers["x-app-alert"]).toBe("catalog.itemPackage.updated");

    const removed = await world.app.inject({
      method: "DELETE",
      url: `/api/item-packages/${id}`,
      headers: world.admin.auth,
    });
    expect(removed.statusCode).toBe(204);
    const offered = (await world.app.inject({ method: "GET", url: "/api/item-packages" })).json();
    expect(offered.map((pack: { id: number }) => pack.id)).not.toContain(id);
    expect((await world.app.inject({ method: "GET", url: `/api/item-packages/${id}` })).statusCode).toBe(404);
  });

  it("refuses a pack without lessons or with a price that is not positive, with field errors", async () => {
    const noLessons = await create({ amount: 0, value: 10 });
    expect(noLessons.statusCode).toBe(400);
    expect(noLessons.json().fieldErrors).toEqual([expect.objectContaining({ field: "amount" })]);
    const free = await create({ amount: 3, value: 0 });
    expect(free.json().fieldErrors).toEqual([expect.objectContaining({ field: "value" })]);
  });

  it("keeps changes for administrators", async () => {
    expect((await create({ amount: 3, value: 1 }, {})).statusCode).toBe(401);
    expect((await create({ amount: 3, value: 1 }, world.student.auth)).statusCode).toBe(403);
    const remove = await world.app.inject({
      method: "DELETE",
      url: "/api/item-packages/1",
      headers: world.student.auth,
    });
    expect(remove.statusCode).toBe(403);
    expect((await world.app.inject({ method: "GET", url: "/api/item-packages/1" })).json().value).toBe(47);
  });
});
