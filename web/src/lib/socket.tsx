import {
  parseServerPush,
  type ServerToClientEventName,
  type ServerToClientEvents,
  type ServerToClientPayload,
} from "@el/domain/realtime";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { io, type Socket } from "socket.io-client";
import { tokenStorage } from "./api";

export type AppSocket = Socket<ServerToClientEvents>;

/**
 * What the screens need from the live connection: validated pushes by name, and a word when the
 * connection came back after a drop (pushes sent meanwhile may be lost, so the screen reloads).
 * Machines take this instead of a socket so their tests run on a plain emitter.
 */
export interface LiveFeed {
  subscribe<Name extends ServerToClientEventName>(
    name: Name,
    listener: (payload: ServerToClientPayload<Name>) => void,
  ): () => void;
  onReconnect(listener: () => void): () => void;
}

/** One socket.io connection, authenticated at the handshake with the bearer token. */
export const connectSocket = (token: string): AppSocket =>
  // WebSocket only: several backend instances sit behind one address and long polling would need sticky sessions.
  io({ auth: { token }, transports: ["websocket"] });

export const liveFeedOf = (socket: AppSocket): LiveFeed => ({
  subscribe(name, listener) {
    const onPush = (payload: unknown) => {
      const parsed = parseServerPush(name, payload);
      if (parsed) listener(parsed);
    };
    const untyped = socket as unknown as Socket;
    untyped.on(name as string, onPush);
    return () => {
      untyped.off(name as string, onPush);
    };
  },
  onReconnect(listener) {
    socket.io.on("reconnect", listener);
    return () => {
      socket.io.off("reconnect", listener);
    };
  },
});

const LiveFeedContext = createContext<LiveFeed | null>(null);

/**
 * Opens the connection for a signed-in area and closes it when the area is left. A feed handed in, or
 * one already provided above (a test's), is used instead of connecting.
 */
export const LiveFeedProvider = ({ children, feed }: { children: ReactNode; feed?: LiveFeed }) => {
  const outer = useContext(LiveFeedContext);
  const given = feed ?? outer;
  const [connected, setConnected] = useState<LiveFeed | null>(null);
  useEffect(() => {
    if (given) return;
    const token = tokenStorage.get();
    if (!token) return;
    const socket = connectSocket(token);
    setConnected(liveFeedOf(socket));
    return () => {
      socket.disconnect();
    };
  }, [given]);
  return <LiveFeedContext.Provider value={given ?? connected}>{children}</LiveFeedContext.Provider>;
};

/** The area's live feed; null until connected (or when nobody is signed in). */
export const useLiveFeed = () => useContext(LiveFeedContext);

/** Calls `listener` for every push named `name` while the component is mounted. */
export const useLivePush = <Name extends ServerToClientEventName>(
  name: Name,
  listener: (payload: ServerToClientPayload<Name>) => void,
) => {
  const feed = useLiveFeed();
  const [current] = useState(() => ({ listener }));
  current.listener = listener;
  useEffect(() => feed?.subscribe(name, (payload) => current.listener(payload)), [feed, name, current]);
};
