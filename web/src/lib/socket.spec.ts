import { describe, expect, it, vi } from "vitest";
import { type AppSocket, createLiveRelay } from "./socket";

/** The part of a socket.io client the relay listens to, driven by hand. */
const fakeSocket = () => {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const socket = {
    recovered: false,
    on(name: string, handler: (...args: unknown[]) => void) {
      const set = handlers.get(name) ?? new Set();
      handlers.set(name, set);
      set.add(handler);
      return socket;
    },
    off(name: string, handler: (...args: unknown[]) => void) {
      handlers.get(name)?.delete(handler);
      return socket;
    },
  };
  const emit = (name: string, ...args: unknown[]) => {
    for (const handler of handlers.get(name) ?? []) handler(...args);
  };
  return {
    socket: socket as unknown as AppSocket,
    /** What socket.io does on every (re)connection: set `recovered`, then emit `connect`. */
    connect(recovered: boolean) {
      socket.recovered = recovered;
      emit("connect");
    },
    emit,
  };
};

describe("the live relay", () => {
  it("asks the screens to reload when the connection came back without the server's recovery", () => {
    const relay = createLiveRelay();
    const server = fakeSocket();
    relay.attach(server.socket);
    const reload = vi.fn();
    relay.feed.onReconnect(reload);

    server.connect(false);
    expect(reload).not.toHaveBeenCalled();

    // A long drop, or a reconnection to another instance: what was pushed meanwhile is lost.
    server.connect(false);
    expect(reload).toHaveBeenCalledOnce();

    // A short drop on the same instance: the server replayed the missed pushes itself.
    server.connect(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it("passes on pushes that match their schema and drops the others", () => {
    const relay = createLiveRelay();
    const server = fakeSocket();
    relay.attach(server.socket);
    const listener = vi.fn();
    relay.feed.subscribe("balance:changed", listener);

    server.emit("balance:changed", { balance: 2 });
    server.emit("balance:changed", { balance: "two" });

    expect(listener.mock.calls).toEqual([[{ balance: 2 }]]);
  });
});

describe("the connection's token", () => {
  it("is the one stored when the socket (re)connects, so a renewed session's token replaces a refused one", async () => {
    const { connectSocket } = await import("./socket");
    const { tokenStorage } = await import("./api");
    tokenStorage.set("first-token", false);
    const socket = connectSocket("first-token");
    socket.disconnect();
    const sent = () =>
      new Promise<unknown>((resolve) => (socket.auth as (send: (data: object) => void) => void)(resolve));
    expect(await sent()).toEqual({ token: "first-token" });
    tokenStorage.set("token-after-password-change", false);
    expect(await sent()).toEqual({ token: "token-after-password-change" });
    tokenStorage.clear();
  });
});
