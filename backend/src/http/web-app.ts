import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";

/** Vite names every file it emits under assets/ after a hash of its content: `index-DK-H8Lq2.js`. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(\.br|\.gz)?$/;

// A hashed file never changes under its name, so browsers keep it for a year without asking again;
// everything else (index.html above all, which names the current hashes) is checked on every use, so a
// new release is seen at once and an unchanged one costs a 304.
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

const setCacheControl = (reply: FastifyReply, file: string) => {
  reply.header("cache-control", HASHED_ASSET.test(file) ? IMMUTABLE : REVALIDATE);
};

/**
 * The built web app, when `root` holds one: its files (brotli or gzip when the build left a compressed
 * sibling and the browser accepts it), and index.html for every other GET that is not an API path, so
 * client routes such as /student or /gerencia/aluno load the app. Unknown API paths, and any path when
 * there is no build, answer the JSON 404.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, { root }: { root: string }) => {
    const serveWeb = existsSync(root);
    if (serveWeb) {
      await app.register(fastifyStatic, {
        root: path.resolve(root),
        // One route per built file, found at start: no catch-all route to shadow the API's 404.
        wildcard: false,
        // Reached as encodings of their file, never by their own names.
        globIgnore: ["**/*.br", "**/*.gz"],
        preCompressed: true,
        cacheControl: false,
        setHeaders: setCacheControl,
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const urlPath = request.url.split("?")[0] ?? "";
      // A missing file answers 404; a client route ending in an e-mail's or stream's ".com" or ".test"
      // (/auditoria/fluxos/user-ana%40example.com) is still a page of the app.
      const isMissingFile =
        /\.(m?js|css|map|json|txt|xml|html?|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|webmanifest|br|gz)$/i.test(
          urlPath,
        );
      const isAppRoute =
        request.method === "GET" && !/^\/(api|management|socket\.io)(\/|$)/.test(urlPath) && !isMissingFile;
      if (serveWeb && isAppRoute) return reply.sendFile("index.html");
      return reply.code(404).send({ status: 404, message: "error.url.not.found", path: request.url });
    });
  },
  { name: "web-app" },
);
