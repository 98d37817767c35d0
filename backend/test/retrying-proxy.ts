import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";

/**
 * A small reverse proxy in front of several instances, doing what `docs/operations.md` asks of the one in
 * production: requests spread over the instances; a request the instance refused (connection refused or reset
 * before any answer, or a 503) is sent to the next instance when it may safely be sent twice (a GET, or a
 * command with an `Idempotency-Key`), and the 503 is passed on when every instance refused it. WebSockets are
 * piped to the first instance that takes the connection.
 */
export interface RetryingProxy {
  url: string;
  /** Requests sent again to another instance, by why. */
  retried: { refused: number; unavailable: number };
  close: () => Promise<void>;
}

const sendsTwiceSafely = (request: http.IncomingMessage) =>
  request.method === "GET" || request.method === "HEAD" || request.headers["idempotency-key"] !== undefined;

export const startRetryingProxy = async (ports: number[]): Promise<RetryingProxy> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  const retried = { refused: 0, unavailable: 0 };
  const order = () => {
    const first = next++ % ports.length;
    return [...ports.slice(first), ...ports.slice(0, first)];
  };

  const forward = (port: number, request: http.IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const upstream = http.request(
        { host: "127.0.0.1", port, method: request.method, path: request.url, headers: request.headers, agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }),
          );
          response.on("error", reject);
        },
      );
      upstream.on("error", reject);
      upstream.end(body);
    });

  const server = http.createServer(async (request, reply) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const again = sendsTwiceSafely(request);
    let last: { status: number; headers: http.IncomingHttpHeaders; body: Buffer } | undefined;
    for (const port of order()) {
      try {
        const answer = await forward(port, request, body);
        last = answer;
        if (answer.status !== 503 || !again) break;
        retried.unavailable++;
      } catch {
        // Refused or reset before any answer: nothing was answered, so another instance may take it.
        if (!again) break;
        retried.refused++;
      }
    }
    if (!last) {
      reply.writeHead(502).end();
      return;
    }
    const { connection: _, "keep-alive": __, "transfer-encoding": ___, ...headers } = last.headers;
    reply.writeHead(last.status, headers).end(last.body);
  });

  server.on("upgrade", (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const tryPort = (candidates: number[]) => {
      const port = candidates[0];
      if (port === undefined) return void client.destroy();
      const upstream = net.connect(port, "127.0.0.1");
      // Refused: the next instance may take it.
      upstream.once("error", () => tryPort(candidates.slice(1)));
      upstream.once("connect", () => {
        upstream.removeAllListeners("error");
        upstream.on("error", () => client.destroy());
        client.on("error", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
        client.on("close", () => upstream.destroy());
        const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
        for (let index = 0; index < request.rawHeaders.length; index += 2)
          lines.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`);
        upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client).pipe(upstream);
      });
    };
    tryPort(order());
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    retried,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
