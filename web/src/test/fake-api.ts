import { vi } from "vitest";

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Handler = (request: FakeRequest) => Response | Promise<Response>;

export const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { "Content-Type": "application/json", ...(init.headers as Record<string, string>) },
  });

/**
 * Replaces `fetch` with a table of "METHOD path" handlers, the server side of a component test.
 * Unknown calls answer 404 so a test never silently talks to nothing. Returns the calls made.
 */
export const fakeApi = (handlers: Record<string, Handler>) => {
  const calls: FakeRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input));
      const method = init.method ?? "GET";
      const text = typeof init.body === "string" ? init.body : undefined;
      const headers = new Headers(init.headers);
      let body: unknown = text;
      if (text && headers.get("Content-Type") === "application/json") body = JSON.parse(text);
      const request = { method, path: url.pathname, query: url.searchParams, body, headers };
      calls.push(request);
      const handler = handlers[`${method} ${url.pathname}`];
      return handler ? handler(request) : json({ message: "error.url.not.found" }, { status: 404 });
    }),
  );
  return calls;
};

/** A response that arrives only when the test says so, to look at the loading state. */
export const deferred = () => {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
};

/** A page of `items` as the back office's lists answer it: the slice asked for, the total in `X-Total-Count`. */
export const pageOf = <T>(items: T[], query: URLSearchParams) => {
  const page = Number(query.get("page"));
  const size = Number(query.get("size"));
  return json(items.slice(page * size, (page + 1) * size), { headers: { "X-Total-Count": String(items.length) } });
};
