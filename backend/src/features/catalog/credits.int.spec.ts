import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../../test/catalog-fixtures";

const world = useCatalogWorld({ studentCredits: 2 });

const grant = (login: string, payload: Record<string, unknown>, headers: Record<string, string> = world.admin.auth) =>
  world.app.inject({ method: "POST", url: `/api/users/${encodeURIComponent(login)}/credits`, headers, payload });

describe("administrator credit grant", () => {
  it("adds credits to the student's balance and answers the new balance", async () => {
    const first = await grant(world.student.login, { amount: 3, reason: "Aula de cortesia" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ balance: 5 });
    expect((await grant(world.student.login, { amount: 1 })).json()).toEqual({ balance: 6 });

    const { rows } = await world.db.query<{ balance: number }>("select balance from users where id = $1", [
      world.student.id,
    ]);
    expect(rows[0]?.balance).toBe(6);
    const events = await world.app.eventStore.readStream(`student-${world.student.id}`);
    expect(events.at(-2)).toMatchObject({
      type: "CreditsGranted",
      data: { amount: 3, grantedBy: world.admin.login, reason: "Aula de cortesia" },
    });
  });

  it("refuses amounts that are not whole positive numbers", async () => {
    for (const amount of [0, -2, 1.5]) {
      const response = await grant(world.student.login, { amount });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual([expect.objectContaining({ field: "amount" })]);
    }
  });

  it("answers 404 for an unknown login and 400 for an account that is not a student", async () => {
    expect((await grant("nobody@example.com", { amount: 1 })).statusCode).toBe(404);
    const toTeacher = await grant(world.teacher.login, { amount: 1 });
    expect(toTeacher.statusCode).toBe(400);
    expect(toTeacher.json().fieldErrors).toEqual([{ field: "login", message: "error.credits.notStudent" }]);
  });

  it("is for administrators only: students cannot give themselves credits", async () => {
    expect((await grant(world.student.login, { amount: 10 }, {})).statusCode).toBe(401);
    expect((await grant(world.student.login, { amount: 10 }, world.student.auth)).statusCode).toBe(403);
    expect((await grant(world.student.login, { amount: 10 }, world.teacher.auth)).statusCode).toBe(403);
    const { rows } = await world.db.query<{ balance: number }>("select balance from users where id = $1", [
      world.student.id,
    ]);
    expect(rows[0]?.balance).toBe(6);
  });

  it("grants once when the same grant is sent again with its Idempotency-Key", async () => {
    const balance = async () =>
      (await world.db.query<{ balance: number }>("select balance from users where id = $1", [world.student.id])).rows[0]
        ?.balance ?? 0;
    const before = await balance();
    const headers = { ...world.admin.auth, "idempotency-key": "grant-support-case-42" };
    const first = await grant(world.student.login, { amount: 2, reason: "Chamado 42" }, headers);
    const retry = await grant(world.student.login, { amount: 2, reason: "Chamado 42" }, headers);
    expect(first.json()).toEqual({ balance: before + 2 });
    expect(retry.json()).toEqual({ balance: before + 2 });
    expect(await balance()).toBe(before + 2);

    const anotherKey = { ...world.admin.auth, "idempotency-key": "grant-support-case-43" };
    expect((await grant(world.student.login, { amount: 2, reason: "Chamado 42" }, anotherKey)).json()).toEqual({
      balance: before + 4,
    });
  });
});
