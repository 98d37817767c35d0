import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";

const nameOf = (route: RouteOptions) => `${[route.method].flat().join(",")} ${route.url}`;

/**
 * The web app's files, which @fastify/static serves one route each and marks `schema.hide` (as it does
 * for API descriptions): the only routes without a response schema. The not-found handler is no route.
 */
const isStaticFile = (route: RouteOptions) => route.schema?.hide === true;

/** A 2xx, or for a route whose success is to send the browser elsewhere (a sign-in's start), a 3xx. */
const declaresSuccess = (route: RouteOptions) =>
  Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {}).some((status) =>
    /^[23](\d\d|xx)$/.test(status),
  );

describe("the registered routes", () => {
  let webDist: string;
  let test: TestApp;
  beforeAll(async () => {
    // The product as `npm start` runs it, the built web app included.
    webDist = await mkdtemp(path.join(tmpdir(), "web-dist-"));
    await mkdir(path.join(webDist, "assets"));
    await writeFile(path.join(webDist, "index.html"), "<!doctype html><title>English Lessons</title>");
    await writeFile(path.join(webDist, "assets", "app.js"), "console.log('app');");
    test = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await test.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it("each declare the response of their success status, which is what serializes it", () => {
    const api = test.routes.filter((route) => !isStaticFile(route));
    expect(api.map(nameOf)).toEqual(expect.arrayContaining(["GET /api/levels", "POST /api/schedulings"]));
    expect(api.filter((route) => !declaresSuccess(route)).map(nameOf)).toEqual([]);
  });

  it("leave out only the web app's files", async () => {
    expect(test.routes.filter(isStaticFile).map(nameOf)).toEqual(
      expect.arrayContaining([expect.stringContaining("/index.html"), expect.stringContaining("/assets/app.js")]),
    );
    expect((await test.app.inject({ method: "GET", url: "/assets/app.js" })).body).toBe("console.log('app');");
  });
});
