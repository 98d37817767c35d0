import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sendUnavailable } from "../http/unavailable";

declare module "fastify" {
  interface FastifyInstance {
    /** False once the process began to stop: readiness answers DOWN so the proxy sends it nothing new. */
    isReady: () => boolean;
    /**
     * Stops the process's part cleanly: readiness DOWN at once, requests still served for `drainMs` (the
     * proxy's next probe sees it), then every new request refused with 503 and `Retry-After`, the ones in
     * flight finished, sockets told to reconnect (elsewhere), projectors stopped and their locks released.
     */
    shutdown: (drainMs: number) => Promise<void>;
  }
}

/** The probes answer while stopping: liveness UP (do not kill it), readiness DOWN (send it nothing). */
const isProbe = (url: string) => url.startsWith("/management/health");

export const shutdownPlugin = fp(
  async (app: FastifyInstance) => {
    let ready = true;
    let refusing = false;
    app.decorate("isReady", () => ready);
    app.addHook("onRequest", async (request, reply) => {
      if (!refusing || isProbe(request.url)) return;
      // The client's next try goes to another instance: this connection is not kept for it.
      reply.header("Connection", "close");
      return sendUnavailable(reply, 1);
    });
    app.addHook("onSend", async (_request, reply) => {
      if (!ready) reply.header("Connection", "close");
    });
    app.decorate("shutdown", async (drainMs: number) => {
      if (!ready) return;
      ready = false;
      app.log.info({ drainMs }, "stopping: readiness DOWN, still serving while the proxy notices");
      await new Promise((resolve) => setTimeout(resolve, drainMs));
      refusing = true;
      app.log.info("stopping: new requests answered 503, finishing the ones in flight");
      await app.close();
    });
  },
  { name: "shutdown" },
);
