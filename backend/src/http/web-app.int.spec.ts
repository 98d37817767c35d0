import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";

const INDEX = `<!doctype html><title>English Lessons</title><script type="module" src="/assets/index-DK-H8Lq2.js"></script>`;
const SCRIPT = `export const greeting = ${JSON.stringify("Olá! ".repeat(400))};`;
const ASSET = "/assets/index-DK-H8Lq2.js";
const IMMUTABLE = "public, max-age=31536000, immutable";

describe("the web app on the wire", () => {
  let webDist: string;
  let test: TestApp;
  beforeAll(async () => {
    // A build as `vite build` leaves it: hashed assets with brotli and gzip siblings, index.html, a
    // file of public/ that keeps its name.
    webDist = await mkdtemp(path.join(tmpdir(), "web-dist-"));
    await mkdir(path.join(webDist, "assets"));
    await writeFile(path.join(webDist, "index.html"), INDEX);
    await writeFile(path.join(webDist, "index.html.br"), brotliCompressSync(INDEX));
    await writeFile(path.join(webDist, "index.html.gz"), gzipSync(INDEX));
    await writeFile(path.join(webDist, ASSET), SCRIPT);
    await writeFile(path.join(webDist, `${ASSET}.br`), brotliCompressSync(SCRIPT));
    await writeFile(path.join(webDist, `${ASSET}.gz`), gzipSync(SCRIPT));
    await writeFile(path.join(webDist, "robots.txt"), "User-agent: *\n");
    test = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await test.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    test.app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("sends a hashed asset in brotli to a browser that accepts it, cached for a year", async () => {
    const response = await get(ASSET, "gzip, deflate, br, zstd");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 10);
  });

  it("sends it in gzip to a client that accepts only gzip, and as it is to one that accepts neither", async () => {
    const gzipped = await get(ASSET, "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers["cache-control"]).toBe(IMMUTABLE);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    for (const plain of [await get(ASSET), await get(ASSET, "identity")]) {
      expect(plain.statusCode).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["cache-control"]).toBe(IMMUTABLE);
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it("has index.html checked on every visit, at / and at its own name, and answers 304 when it did not change", async () => {
    for (const url of ["/", "/index.html"]) {
      const response = await get(url, "br");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
    }
    const first = await get("/");
    const again = await test.app.inject({
      method: "GET",
      url: "/",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("answers client routes with index.html, never cached, so a new release is seen at once", async () => {
    for (const url of [
      "/student",
      "/gerencia/aluno/ana@example.com/edit",
      "/teacher/financeiro?month=2026-05",
      "/gerencia/aluno/ana@example.com",
      "/auditoria/fluxos/user-admin%40englishlessons.test",
    ]) {
      const response = await get(url, "gzip");
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(gunzipSync(response.rawPayload).toString()).toBe(INDEX);
    }
  });

  it("keeps files without a hash in their name revalidated", async () => {
    const response = await get("/robots.txt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("answers the JSON 404 for unknown API, management and socket.io paths, missing files and other methods", async () => {
    for (const url of [
      "/api/nothing-here",
      "/management/nothing",
      "/socket.io/x",
      "/assets/gone-AbCd1234.js",
      "/assets/gone-AbCd1234.css",
      "/gone.png",
    ]) {
      const response = await get(url, "br");
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ status: 404, message: "error.url.not.found", path: url });
    }
    const post = await test.app.inject({ method: "POST", url: "/student" });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ status: 404, message: "error.url.not.found", path: "/student" });
  });

  it("does not serve the compressed files under their own names", async () => {
    expect((await get(`${ASSET}.br`)).statusCode).toBe(404);
  });
});
