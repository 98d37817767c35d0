import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { ReadBack } from "../commands/read-back";
import { entityWriteRoutes } from "./entity-writes";
import { registerErrorHandler } from "./error-handler";

const Body = z.object({ id: z.number().int().positive().nullish(), name: z.string().min(1) });
const View = z.object({ id: z.number(), name: z.string() });
type Body = z.infer<typeof Body>;
type View = z.infer<typeof View>;

/** A shelf of named things behind the three writes; `projected: false` plays a read model that is behind. */
const shelf = async ({ projected = true } = {}) => {
  const stored = new Map<number, string>();
  const calls: string[] = [];
  let nextId = 100;
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorate("nextId", async () => nextId++);
  const answer = (id: number): ReadBack<View> =>
    projected
      ? { projected: true, view: { id, name: stored.get(id) as string } }
      : { projected: false, location: `/api/things/${id}` };
  entityWriteRoutes<Body, View>(app, {
    path: "/api/things",
    config: {},
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: Body,
    view: View,
    alerts: { created: "things.created", updated: "things.updated" },
    create: async (id, body) => {
      calls.push(`create ${id}`);
      stored.set(id, body.name);
      return answer(id);
    },
    update: async (id, body) => {
      calls.push(`update ${id}`);
      stored.set(id, body.name);
      return answer(id);
    },
  });
  await app.ready();
  opened.push(app);
  return { app, stored, calls };
};
const opened: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

describe("the writes of an administered entity", () => {
  it("creates under a new id: 201, its Location, the success alert and the entity", async () => {
    const { app, stored } = await shelf();
    const created = await app.inject({ method: "POST", url: "/api/things", payload: { name: "Básico" } });
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toBe("/api/things/100");
    expect(created.headers["x-app-alert"]).toBe("things.created");
    expect(created.json()).toEqual({ id: 100, name: "Básico" });
    expect(stored.get(100)).toBe("Básico");
  });

  it("refuses a creation that names an id, and changes nothing", async () => {
    const { app, calls } = await shelf();
    const answer = await app.inject({ method: "POST", url: "/api/things", payload: { id: 7, name: "Básico" } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors).toEqual([{ field: "id", message: "error.idexists" }]);
    expect(calls).toEqual([]);
  });

  it("changes the entity the body names, and refuses a body that names none", async () => {
    const { app, calls } = await shelf();
    const changed = await app.inject({ method: "PUT", url: "/api/things", payload: { id: 7, name: "Avançado" } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers["x-app-alert"]).toBe("things.updated");
    expect(changed.json()).toEqual({ id: 7, name: "Avançado" });
    const unnamed = await app.inject({ method: "PUT", url: "/api/things", payload: { name: "Avançado" } });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().fieldErrors).toEqual([{ field: "id", message: "error.idnull" }]);
    expect(calls).toEqual(["update 7"]);
  });

  it("changes the entity the path names, with the same id or none in the body, and refuses another", async () => {
    const { app, calls } = await shelf();
    for (const payload of [{ name: "A" }, { id: 7, name: "B" }]) {
      const changed = await app.inject({ method: "PUT", url: "/api/things/7", payload });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ id: 7, name: payload.name });
    }
    const other = await app.inject({ method: "PUT", url: "/api/things/7", payload: { id: 8, name: "C" } });
    expect(other.statusCode).toBe(400);
    expect(other.json().fieldErrors).toEqual([{ field: "id", message: "error.idinvalid" }]);
    expect(calls).toEqual(["update 7", "update 7"]);
  });

  it("answers 202 with where to read the entity while the read models do not show it, alert included", async () => {
    const { app } = await shelf({ projected: false });
    const created = await app.inject({ method: "POST", url: "/api/things", payload: { name: "Básico" } });
    expect(created.statusCode).toBe(202);
    expect(created.headers.location).toBe("/api/things/100");
    expect(created.json()).toEqual({ location: "/api/things/100" });
    expect(created.headers["x-app-alert"]).toBe("things.created");
    const changed = await app.inject({ method: "PUT", url: "/api/things/100", payload: { name: "Médio" } });
    expect(changed.statusCode).toBe(202);
    expect(changed.headers["x-app-alert"]).toBe("things.updated");
  });
});
