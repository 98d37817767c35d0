import { randomUUID } from "node:crypto";
import { adminStreams, studentStreams, teacherStreams } from "@el/domain/accounts/index";
import {
  ADMINS_ROOM,
  AUDITORS_ROOM,
  isServerToClientEventName,
  type ServerToClientEvents,
  serverToClientSchemas,
  TEACHERS_ROOM,
  userRoom,
} from "@el/domain/realtime";
import type { Push } from "@el/projections";
import type { ConnectionHealth } from "@el/projections/sql";
import { createAdapter, type PostgresAdapter } from "@socket.io/postgres-adapter";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import pg from "pg";
import { Gauge } from "prom-client";
import { Server } from "socket.io";
import { aboutAccess, type CurrentUser } from "./auth";
import { type Delivery, fanOut } from "./realtime-fanout";
import { redisAdapter } from "./realtime-redis";

/** Where a projection's pushes go to the other instances: `{instance}:[{ room, event, payload }, …]`. */
const PUSHES_CHANNEL = "el_pushes";
/** How long pushes keep going to the other instances after the last one was known. */
const OTHERS_REMEMBERED_MS = 60_000;
/** Under PostgreSQL's 8,000-byte NOTIFY payload, with room for the instance's name. */
const SHARED_PUSHES_MAX_BYTES = 7_500;
/** A push is fleeting: its NOTIFY's commit need not wait for the disk. One statement, one round trip. */
const NOTIFY_PUSHES = "select set_config('synchronous_commit', 'off', true), pg_notify($1, $2)";

/** How long a dropped client's rooms and missed messages are kept for it (connection-state recovery). */
const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

export interface SocketData {
  user: CurrentUser;
}

/**
 * The adapter that carries a broadcast to the sockets of every instance. With a PostgreSQL database the
 * instances share it over LISTEN/NOTIFY, so a push emitted by whichever instance runs the projector
 * reaches a student connected to another one; the embedded single-process setup needs none.
 */
const clusterAdapter = async (app: FastifyInstance, heartbeatMs?: number) => {
  if (!app.config.databaseUrl) return undefined;
  // socket.io's cluster adapter commits a NOTIFY for every broadcast before it emits to this instance's own
  // sockets, so each push waited for a disk flush. A push is fleeting (a client that misses one refetches),
  // so these sessions commit without waiting for the disk: at 100 schedulings/s with 1,000 sockets, p99
  // from the command's answer to the teachers' push fell from 48–68 ms to 16–17 ms (bench:realtime).
  const pool = new pg.Pool({
    connectionString: app.config.databaseUrl,
    max: 4,
    options: "-c synchronous_commit=off",
  });
  pool.on("error", (error) => app.log.warn({ err: error }, "socket.io adapter connection failed"));
  const adapters = new Set<PostgresAdapter>();
  const { pool: watched, health } = watchListenSession(app, pool, () => {
    for (const adapter of adapters) adapter.init();
  });
  let othersSeenAt = Number.NEGATIVE_INFINITY;
  adapterConnections.set(app.server, () => [{ ...health }]);
  const adapterOf = createAdapter(watched, {
    errorHandler: (error) => app.log.warn({ err: error }, "socket.io adapter"),
    ...(heartbeatMs ? { heartbeatInterval: heartbeatMs, heartbeatTimeout: 2 * heartbeatMs } : {}),
  });
  return {
    // socket.io calls it with `new`: a function, not an arrow, that returns the adapter it built.
    adapter: function adapter(namespace: Parameters<typeof adapterOf>[0]) {
      const built = onlyWhenOthersListen(adapterOf(namespace));
      adapters.add(built);
      const close = built.close.bind(built);
      built.close = () => {
        adapters.delete(built);
        return close();
      };
      return built;
    },
    close: () => pool.end(),
    /** This instance's name on the pushes it shares. */
    instance: randomUUID(),
    /**
     * True while another instance is known, and for a minute after: the adapter forgets an instance after
     * 10 s without its heartbeat, which a database outage can cause while that instance is alive and about
     * to listen again; a NOTIFY nobody hears costs less than a push an instance never gets.
     */
    othersListen: (io: Server) => {
      const known = (io.of("/").adapter as unknown as { nodesMap?: Map<string, number> }).nodesMap?.size !== 0;
      if (known) othersSeenAt = Date.now();
      return known || Date.now() - othersSeenAt < OTHERS_REMEMBERED_MS;
    },
  };
};

/** The adapter's LISTEN session as the health details show it, per app (keyed by its HTTP server). */
export const adapterConnections = new WeakMap<object, () => ConnectionHealth[]>();

/**
 * The adapter takes one client from its pool for LISTEN and keeps it. It reopens it when the session
 * ends (its 'end' handler, every ~2 s), but listens to no 'error': a session ended by the server
 * (`pg_terminate_backend`, a restart, a network reset) raised an unhandled 'error' that stopped the
 * process, and the dead client was never given back to the pool of 4. Here every client it takes gets an
 * error listener that hands it back broken (the pool discards it and ends it, which fires the adapter's
 * reopening), and the session's state is kept for the health details.
 *
 * The adapter announces its instance once, as it is built, before its LISTEN session is open: two instances
 * starting together could each announce before the other listened, and neither knew the other until its
 * first heartbeat (5 s), while pushes for the other's sockets were dropped; an instance whose session was
 * lost missed the announcements made meanwhile in the same way. So once a session listens, the instance
 * announces itself again (`listening`), and every instance that hears it answers: of two instances, the one
 * that announces last is heard by the other, which already listened.
 */
const watchListenSession = (app: FastifyInstance, pool: pg.Pool, listening: () => void) => {
  const health: ConnectionHealth = { name: "socket.io adapter listen", status: "DOWN", lost: 0 };
  const watched = {
    query: pool.query.bind(pool),
    async connect() {
      let lost = false;
      let watching: pg.PoolClient | undefined;
      const onError = (error: Error) => {
        if (lost || !watching) return;
        lost = true;
        health.status = "DOWN";
        health.lost++;
        health.lastError = String(error);
        app.log.warn({ err: error }, "socket.io adapter's LISTEN session lost; it is reopened");
        // The adapter releases the client itself only when it closes; given back broken, the pool ends it.
        watching.release(error);
        watching.release = () => {};
      };
      // Listened to from the moment the pool hands it over, not a microtask later: an error read from the same
      // packet as the previous answer would otherwise find nobody listening (see `checkOut` in pg-database).
      const client = await new Promise<pg.PoolClient>((resolve, reject) =>
        pool.connect((error, checkedOut) => {
          if (error || !checkedOut) return reject(error);
          watching = checkedOut;
          checkedOut.on("error", onError);
          resolve(checkedOut);
        }),
      );
      // Watched while the adapter holds it: given back, it is the pool's plain client again.
      const { query, release } = client;
      client.query = ((...args: unknown[]) => {
        const answer = (query as (...args: unknown[]) => unknown).apply(client, args);
        if (typeof args[0] === "string" && args[0].startsWith("LISTEN") && answer instanceof Promise)
          answer.then(
            () => {
              health.status = "UP";
              listening();
            },
            () => {},
          );
        return answer;
      }) as typeof query;
      client.release = (error) => {
        client.query = query;
        client.release = release;
        // The pool's from now on: its errors are the pool's to handle.
        lost = true;
        client.off("error", onError);
        return release.call(client, error);
      };
      return client;
    },
  };
  return { pool: watched as unknown as pg.Pool, health };
};

/** socket.io-adapter's `MessageType.BROADCAST`: a message for other instances' sockets. */
const BROADCAST = 3;

/**
 * The adapter sends every broadcast through PostgreSQL before emitting it here, whether or not another
 * instance is there to hear it: a transaction with a NOTIFY per push (two per scheduling), which wakes
 * every listening session and comes back to this one to be parsed and dropped. It knows the other
 * instances (each announces itself when it starts and every 5 s after, and is forgotten after 10 s of
 * silence), so a broadcast goes through PostgreSQL only while one is known; alone, it is emitted here
 * only. An instance that has just started is known as soon as its first announcement arrives (before it
 * can have sockets of its own, in practice); pushes it would miss meanwhile are fleeting anyway, and its
 * clients read what they show when they connect.
 */
const onlyWhenOthersListen = (adapter: PostgresAdapter) => {
  const internals = adapter as unknown as {
    nodesMap: Map<string, number>;
    doPublish: (message: { type: number }) => Promise<string>;
  };
  const publish = internals.doPublish.bind(adapter);
  internals.doPublish = (message) =>
    message.type === BROADCAST && internals.nodesMap.size === 0 ? Promise.resolve("") : publish(message);
  return adapter;
};

/**
 * socket.io on the API's own port. A socket must present a valid JWT at the handshake (`auth: { token }`)
 * and joins `user:{id}` plus `role:teacher` / `role:admin`. Projectors' pushes are emitted once the
 * transaction behind them has committed (the runner hands them over only then), each payload checked
 * against the shared schema first.
 *
 * Reconnection: connection-state recovery restores a client that was away for up to two minutes with
 * the messages it missed (`socket.recovered === true`). It only works on a single instance (the
 * PostgreSQL adapter does not keep sessions), so a client that reconnects unrecovered — a longer drop,
 * another instance — refetches the lists it shows: that resync is the web client's `connect` handler.
 */
export const realtimePlugin: FastifyPluginAsync<{ heartbeatMs?: number }> = async (app, { heartbeatMs }) => {
  // With Redis (`REDIS_URL`) every push goes through its adapter; without, through PostgreSQL's NOTIFY.
  const redis = app.config.redis ? redisAdapter(app, app.config.redis) : undefined;
  if (redis) adapterConnections.set(app.server, redis.health);
  const cluster = redis ? undefined : await clusterAdapter(app, heartbeatMs);
  const io = new Server<Record<string, never>, ServerToClientEvents, Record<string, never>, SocketData>(app.server, {
    // A recovered connection shows its token again: it may have been revoked while the client was away.
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    ...(cluster ? { adapter: cluster.adapter } : redis ? { adapter: redis.adapter } : {}),
  });

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const user = typeof token === "string" && token ? await app.verifyToken(token) : null;
    if (!user) return next(new Error("error.http.401"));
    socket.data.user = user;
    next();
  });

  /** The rooms a user's sockets belong in, as their account stands now. */
  const roomsOf = (user: CurrentUser) => {
    const rooms = [userRoom(user.id)];
    if (user.authorities.includes("ROLE_TEACHER")) rooms.push(TEACHERS_ROOM);
    if (user.authorities.includes("ROLE_ADMIN")) rooms.push(ADMINS_ROOM);
    if (user.authorities.includes("ROLE_AUDITOR") || user.authorities.includes("ROLE_ADMIN")) rooms.push(AUDITORS_ROOM);
    return rooms;
  };
  const placeIn = (
    socket: { join: (rooms: string[]) => unknown; leave: (room: string) => unknown },
    user: CurrentUser,
  ) => {
    const rooms = roomsOf(user);
    for (const room of [TEACHERS_ROOM, ADMINS_ROOM, AUDITORS_ROOM]) if (!rooms.includes(room)) socket.leave(room);
    socket.join(rooms);
  };

  // Every socket of this process by the account it signed in as, so a change to that account reaches them.
  const socketsOfAccount = new Map<string, Set<string>>();
  const accountKeysOf = (user: CurrentUser) => [
    studentStreams.id(user.id),
    teacherStreams.id(user.id),
    adminStreams.id(user.login),
  ];
  io.on("connection", (socket) => {
    const { user } = socket.data;
    placeIn(socket, user);
    for (const key of accountKeysOf(user)) {
      const ids = socketsOfAccount.get(key) ?? new Set<string>();
      ids.add(socket.id);
      socketsOfAccount.set(key, ids);
    }
    socket.on("disconnect", () => {
      for (const key of accountKeysOf(user)) {
        const ids = socketsOfAccount.get(key);
        ids?.delete(socket.id);
        if (ids?.size === 0) socketsOfAccount.delete(key);
      }
    });
  });

  /**
   * Room membership follows the account: when an event about someone's access is stored (a deactivation, a
   * revoked role, a password change, sessions ended) — here, or on another instance, heard through the
   * store's changes — each of their sockets shows its token again: refused, it is disconnected (and its
   * reconnection is refused at the handshake); accepted, it is put in the rooms the account holds now.
   */
  const recheck = async (streamId: string) => {
    for (const socketId of [...(socketsOfAccount.get(streamId) ?? [])]) {
      const socket = io.sockets.sockets.get(socketId);
      if (!socket) continue;
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const user = typeof token === "string" && token ? await app.verifyToken(token) : null;
      if (!user) {
        socket.disconnect(true);
        continue;
      }
      socket.data.user = user;
      placeIn(socket, user);
    }
  };
  new Gauge({
    name: "realtime_sockets",
    help: "Browsers connected to this instance, by the role they signed in with",
    labelNames: ["role"],
    registers: [app.metrics],
    collect() {
      const counts = { teacher: 0, admin: 0, student: 0, other: 0 };
      for (const socket of io.sockets.sockets.values()) {
        const { authorities } = socket.data.user;
        if (authorities.includes("ROLE_ADMIN")) counts.admin++;
        else if (authorities.includes("ROLE_TEACHER")) counts.teacher++;
        else if (authorities.includes("ROLE_STUDENT")) counts.student++;
        else counts.other++;
      }
      for (const [role, count] of Object.entries(counts)) this.set({ role }, count);
    },
  });

  const stopWatching = app.streamChanges.subscribe((change) => {
    if (!aboutAccess(change) || !socketsOfAccount.has(change.streamId)) return;
    recheck(change.streamId).catch((error) => app.log.warn({ err: error }, "re-checking sockets failed"));
  });
  app.addHook("onClose", async () => stopWatching());

  /** A push checked against its schema, or null (logged) when it does not match. */
  const checked = (push: Push): Push | null => {
    if (!isServerToClientEventName(push.event)) return push; // other slices' pushes, not (yet) typed
    const parsed = serverToClientSchemas[push.event].safeParse(push.payload);
    if (parsed.success) return { ...push, payload: parsed.data };
    app.log.error({ event: push.event, issues: parsed.error.issues }, "push does not match its schema");
    return null;
  };
  const fanout = fanOut(io, (error) => app.log.warn({ err: error }, "emitting pushes failed"));
  /** To this instance's sockets only, or (`everywhere`) through the adapter to every instance's. */
  const delivery = (push: Push, everywhere: boolean): Delivery => ({
    room: push.room,
    emit: () => {
      const to = everywhere ? io.to(push.room) : io.local.to(push.room);
      to.emit(push.event as keyof ServerToClientEvents, push.payload as never);
    },
  });
  /**
   * A projection's commit hands over its pushes together. Other instances get them in one NOTIFY per
   * commit (a few, if they do not fit in one), not the adapter's one per push: each NOTIFY is a commit
   * and wakes every instance's session. A push too big for a NOTIFY goes through the adapter alone.
   */
  const emit = (pushes: Push[]) => {
    const valid = pushes.map(checked).filter((push): push is Push => push !== null);
    if (!cluster?.othersListen(io)) {
      fanout.enqueue(valid.map((push) => delivery(push, !cluster)));
      return;
    }
    const messages: string[] = [];
    let message: string[] = [];
    let size = 0;
    const deliveries: Delivery[] = [];
    for (const push of valid) {
      const item = JSON.stringify({ room: push.room, event: push.event, payload: push.payload });
      if (item.length > SHARED_PUSHES_MAX_BYTES) {
        deliveries.push(delivery(push, true));
        continue;
      }
      deliveries.push(delivery(push, false));
      if (size + item.length + 1 > SHARED_PUSHES_MAX_BYTES && message.length > 0) {
        messages.push(`[${message.join(",")}]`);
        message = [];
        size = 0;
      }
      message.push(item);
      size += item.length + 1;
    }
    if (message.length > 0) messages.push(`[${message.join(",")}]`);
    fanout.enqueue(deliveries);
    for (const text of messages) share(`${cluster.instance}:${text}`);
  };
  /**
   * One NOTIFY after another: PostgreSQL delivers notifications in the order their transactions commit, and two
   * sent at once on two of the pool's sessions could commit swapped, so a conversation's messages reached the
   * other instances' sockets out of order (bench:messages, 200 a second).
   */
  let shared = Promise.resolve();
  const share = (payload: string) => {
    shared = shared.then(() =>
      app.db.query(NOTIFY_PUSHES, [PUSHES_CHANNEL, payload]).then(
        () => {},
        (error: unknown) => app.log.warn({ err: error }, "sharing pushes with the other instances failed"),
      ),
    );
  };
  app.pushes.on("push", emit);
  const unlisten = cluster
    ? await app.db.listen(PUSHES_CHANNEL, (payload) => {
        const separator = payload.indexOf(":");
        if (separator < 0 || payload.slice(0, separator) === cluster.instance) return;
        try {
          fanout.enqueue((JSON.parse(payload.slice(separator + 1)) as Push[]).map((push) => delivery(push, false)));
        } catch (error) {
          app.log.warn({ err: error }, "pushes from another instance could not be read");
        }
      })
    : undefined;
  app.addHook("onClose", async () => {
    await unlisten?.();
  });

  // Before fastify closes its server: open websockets would otherwise keep it from closing. Their connections
  // are closed without socket.io's "disconnect" (after which a client stays away): a closed transport is what a
  // client reconnects after, through the proxy to another instance.
  app.addHook("preClose", async () => {
    app.pushes.off("push", emit);
    io.engine.close();
    await io.of("/").adapter.close();
  });
  app.addHook("onClose", async () => {
    await cluster?.close();
    await redis?.close();
  });
};
