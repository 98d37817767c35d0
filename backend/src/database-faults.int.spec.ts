import net from "node:net";
import type { Database } from "@el/projections/sql";
import pg from "pg";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminToken } from "../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabaseUrl } from "../test/databases";
import { aTrail, givenStudent, givenTeacher, type Person, saoPauloTime } from "../test/lesson-fixtures";
import { connect, connected, disconnectAll, listen } from "../test/sockets";

/**
 * Fault injection on real PostgreSQL: two instances on one database, students scheduling on both and a
 * teacher connected to each, while an administrator's session ends the instances' sessions of one kind
 * (`pg_terminate_backend`, what a restart, a failover or a network reset does to them). No process may
 * exit (an unhandled 'error' fails the run), every answer must be true (a 201, or a 503 with Retry-After
 * while the database is away; never a 404 for a scheduling just stored), every acknowledged scheduling must
 * reach the store and the read models, no projector may stall or run twice, and pushes must resume.
 */

const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Which of the database's sessions a fault ends, by what they are doing. */
const sessionsOf = {
  pool: `pid not in (select pid from pg_locks where locktype = 'advisory' and granted) and query not ilike 'listen %'`,
  listen: `query = 'listen "es_events"'`,
  adapter: `query ilike 'LISTEN "socket.io#%'`,
  lock: `pid in (select pid from pg_locks where locktype = 'advisory' and granted)`,
  all: "true",
} as const;
type Fault = keyof typeof sessionsOf;

/**
 * A TCP relay between the instances and PostgreSQL, so the network can fail under them: `reset` cuts every
 * connection at once (a network reset), `outage` also refuses new ones for a while (a restart, a failover).
 */
const relayTo = async (target: URL) => {
  const open = new Set<net.Socket>();
  const relay = (client: net.Socket) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    open.add(client).add(upstream);
    const cut = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", cut).on("close", cut);
    upstream.on("error", cut).on("close", cut);
    client.pipe(upstream).pipe(client);
  };
  let server = net.createServer(relay);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const reset = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    port,
    reset,
    async outage(ms: number) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        reset();
      });
      await sleep(ms);
      server = net.createServer(relay);
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        reset();
        server.close(() => resolve());
      }),
  };
};

interface Answer {
  at: string;
  status: number;
  retryAfter?: string;
  id?: number;
  /** The scheduling read back on the same instance right after its 201. */
  readBack?: number;
  body?: string;
}

describe("database faults on PostgreSQL, two instances on one database", () => {
  let databaseUrl: string;
  let database: string;
  let admin: pg.Client;
  let network: Awaited<ReturnType<typeof relayTo>>;
  let a: TestApp;
  let b: TestApp;
  let instances: { name: string; test: TestApp; student: Person; teacherSocket: Socket }[];
  let trailId: number;
  let slot = 0;
  const answers: Answer[] = [];
  /** The lessons each instance's teacher socket was told of. */
  const heard = new Map<string, number[]>();

  beforeAll(async () => {
    databaseUrl = await createTestDatabaseUrl();
    database = new URL(databaseUrl).pathname.slice(1);
    admin = new pg.Client(adminUrl);
    await admin.connect();
    network = await relayTo(new URL(databaseUrl));
    const relayed = new URL(databaseUrl);
    relayed.hostname = "127.0.0.1";
    relayed.port = String(network.port);
    a = await createTestApp({ databaseUrl: relayed.toString() });
    b = await createTestApp({ databaseUrl: relayed.toString() });
    const [urlA, urlB] = [await listen(a.app), await listen(b.app)];
    trailId = (await aTrail(a.app)).id;
    const teacher = await givenTeacher(a.app);
    const sockets = [connect(urlA, teacher.token, true), connect(urlB, teacher.token, true)];
    await Promise.all(sockets.map((socket) => connected(socket)));
    instances = [
      { name: "a", test: a, student: await givenStudent(a.app, { credits: 500 }), teacherSocket: sockets[0] as Socket },
      { name: "b", test: b, student: await givenStudent(a.app, { credits: 500 }), teacherSocket: sockets[1] as Socket },
    ];
    for (const instance of instances) {
      heard.set(instance.name, []);
      instance.teacherSocket.on("lesson:pending", ({ lesson }: { lesson: { id: number } }) => {
        heard.get(instance.name)?.push(lesson.id);
      });
    }
    // Pushes cross once both adapters listen: each announces itself as it starts listening and the other
    // answers at once (the periodic heartbeat, every 5 s, is not needed for that).
    const adapterSessions = `select pid from pg_stat_activity where datname = $1 and ${sessionsOf.adapter}`;
    await vi.waitFor(async () => expect((await admin.query(adapterSessions, [database])).rowCount).toBe(2), {
      timeout: 10_000,
      interval: 100,
    });
  });

  afterAll(async () => {
    disconnectAll();
    await a?.close();
    await b?.close();
    await network?.close();
    await admin?.end();
  });

  const schedule = async (instance: (typeof instances)[number]) => {
    const index = slot++;
    const date = saoPauloTime(2 + Math.floor(index / 12), 8 + (index % 12));
    const response = await instance.test.app.inject({
      method: "POST",
      url: "/api/schedulings",
      headers: instance.student.auth,
      payload: { trail: { id: trailId }, date, objective: "TRAVEL" },
    });
    const answer: Answer = {
      at: instance.name,
      status: response.statusCode,
      ...(response.headers["retry-after"] ? { retryAfter: String(response.headers["retry-after"]) } : {}),
    };
    answers.push(answer);
    if (response.statusCode !== 201) {
      if (response.statusCode !== 503) answer.body = response.body;
      return answer;
    }
    answer.id = response.json<{ id: number }>().id;
    // Read it back as a client would: a 503 (the read itself met the fault) says to try again; any other
    // answer is final, and only 200 is true.
    const giveUpAt = Date.now() + 10_000;
    for (;;) {
      const readBack = await instance.test.app.inject({
        method: "GET",
        url: `/api/schedulings/${answer.id}`,
        headers: instance.student.auth,
      });
      answer.readBack = readBack.statusCode;
      if (readBack.statusCode !== 503 || Date.now() > giveUpAt) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return answer;
  };

  /** Students scheduling on both instances, one request after another each, until stopped. */
  const traffic = () => {
    let running = true;
    const flows = instances.map(async (instance) => {
      while (running) {
        await schedule(instance);
        await sleep(20);
      }
    });
    return async () => {
      running = false;
      await Promise.all(flows);
    };
  };

  const terminate = async (fault: Fault) => {
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend' and ${sessionsOf[fault]}`,
      [database],
    );
    await admin.query("select pg_terminate_backend(pid) from unnest($1::int[]) as pid", [rows.map((row) => row.pid)]);
    return rows.length;
  };

  const healthOf = async (test: TestApp) => {
    const response = await test.app.inject({
      method: "GET",
      url: "/management/health",
      headers: { authorization: `Bearer ${await adminToken(test.app)}` },
    });
    return response.json<{
      status: string;
      components: {
        db: { status: string; connections?: { name: string; status: string; lost: number }[] };
        projections: { details: { name: string; state: string }[] };
      };
    }>();
  };

  /** How many sessions (pool, LISTEN, adapter, kept locks) the two instances have lost so far, by their health. */
  const sessionsLost = async () => {
    let lost = 0;
    for (const test of [a, b])
      for (const connection of (await healthOf(test)).components.db.connections ?? []) lost += connection.lost;
    return lost;
  };

  const eventually = async (check: () => Promise<void>, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(250);
      }
    }
  };

  /** Every session reopened and reported UP, and each projector run by exactly one of the two, none stalled. */
  const recovered = () =>
    eventually(async () => {
      const [healthA, healthB] = [await healthOf(a), await healthOf(b)];
      for (const health of [healthA, healthB]) {
        expect(health.components.db.status).toBe("UP");
        const connections = health.components.db.connections ?? [];
        expect(connections.map((connection) => connection.name)).toContain("listen es_events");
        expect(connections.map((connection) => connection.name)).toContain("socket.io adapter listen");
        expect(connections.filter((connection) => connection.status !== "UP")).toEqual([]);
      }
      const states = new Map<string, string[]>();
      for (const health of [healthA, healthB])
        for (const projector of health.components.projections.details)
          states.set(projector.name, [...(states.get(projector.name) ?? []), projector.state]);
      for (const [name, both] of states)
        expect({ name, states: both.sort() }).toEqual({ name, states: ["running", "standby"] });
    });

  /** A scheduling made now on `on` reaches the teacher on both instances (the push may come before the answer). */
  const pushesArrive = async (on: (typeof instances)[number]) => {
    const answer = await schedule(on);
    expect(answer.status).toBe(201);
    await eventually(async () => {
      for (const instance of instances) expect(heard.get(instance.name)).toContain(answer.id);
    }, 10_000);
  };

  const everyAnswerWasTrue = () => {
    for (const answer of answers) {
      if (answer.status === 503) expect(answer, "a 503 says when to retry").toHaveProperty("retryAfter");
      else {
        expect(answer, "only 201, or 503 while the database is away").toMatchObject({ status: 201 });
        expect(answer, "a scheduling just stored is read back on the instance that stored it").toMatchObject({
          readBack: 200,
        });
      }
    }
  };

  it("starts with every session up and each projector run once", async () => {
    await recovered();
    await pushesArrive(instances[0] as (typeof instances)[number]);
    await pushesArrive(instances[1] as (typeof instances)[number]);
  });

  it.each<Fault>(["pool", "listen", "adapter", "lock", "all"])(
    "survives the end of its %s sessions while commands and pushes flow",
    async (fault) => {
      const before = answers.length;
      const stop = traffic();
      await sleep(400);
      expect(await terminate(fault), `sessions of kind ${fault} were there to end`).toBeGreaterThan(0);
      // Again while the first ones are being replaced: a fault rarely comes alone.
      for (let again = 0; again < 3; again++) {
        await sleep(300);
        await terminate(fault);
      }
      await sleep(600);
      await stop();
      await recovered();
      for (const instance of instances) await pushesArrive(instance);
      expect(answers.length).toBeGreaterThan(before);
      expect(answers.slice(before).filter((answer) => answer.status === 201).length).toBeGreaterThan(0);
      everyAnswerWasTrue();
    },
    60_000,
  );

  it.each(["a network reset", "a 2-second outage (a restart)"])(
    "survives %s under every session while commands and pushes flow",
    async (what) => {
      const before = answers.length;
      const lostBefore = await sessionsLost();
      const stop = traffic();
      await sleep(400);
      if (what === "a network reset") network.reset();
      else await network.outage(2000);
      await sleep(1000);
      await stop();
      await recovered();
      for (const instance of instances) await pushesArrive(instance);
      // The fault reached them: the LISTEN sessions of both instances, at least, were lost and reopened.
      expect(await sessionsLost()).toBeGreaterThanOrEqual(lostBefore + 4);
      expect(answers.slice(before).filter((answer) => answer.status === 201).length).toBeGreaterThan(0);
      everyAnswerWasTrue();
    },
    60_000,
  );

  it("lost no acknowledged scheduling: each is in the store and in the read models, and no projector stalled", async () => {
    everyAnswerWasTrue();
    const acknowledged = answers.flatMap((answer) => (answer.id === undefined ? [] : [answer.id]));
    expect(acknowledged.length).toBeGreaterThan(10);
    const stored = await a.db.query<{ id: number }>(
      "select (data->>'id')::int as id from es_events where type = 'LessonScheduled' and (data->>'id')::int = any($1::int[])",
      [acknowledged],
    );
    expect(stored.rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
    await eventually(async () => {
      const projected = await a.db.query<{ id: number }>(
        "select id from lesson_schedulings where id = any($1::int[])",
        [acknowledged],
      );
      expect(projected.rows.length).toBe(acknowledged.length);
    });
    const stalled = await a.db.query("select name from projection_checkpoints where status <> 'running'");
    expect(stalled.rows).toEqual([]);
  });
});

/**
 * A database whose role may open two sessions at most, both taken by `holders`: the same error, 53300, as a
 * server whose every slot is taken (a superuser is never limited). `free` ends one holder.
 */
const withFullServer = async (work: (db: Database, free: () => void) => Promise<void>) => {
  const database = new URL(await createTestDatabaseUrl());
  const name = database.pathname.slice(1);
  const role = `${name}_limited`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create role ${pg.escapeIdentifier(role)} login connection limit 2`);
  database.username = role;
  const url = database.toString();
  const holders = [new pg.Client(url), new pg.Client(url)];
  const { createPgDatabase } = await import("./database");
  const db = createPgDatabase(url);
  try {
    for (const holder of holders) await holder.connect();
    await work(db, () => void holders.pop()?.end());
  } finally {
    await db.close();
    for (const holder of holders) await holder.end().catch(() => {});
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    await admin.query(`drop role if exists ${pg.escapeIdentifier(role)}`);
    await admin.end();
  }
};

describe("a server with no session left to give", () => {
  it("opens a LISTEN session and a lock's session once one frees, instead of failing the app's start", async () => {
    await withFullServer(async (db, free) => {
      const started = performance.now();
      const listening = db.listen("full_server_spec", () => {});
      setTimeout(free, 300);
      const unlisten = await listening;
      expect(performance.now() - started).toBeGreaterThanOrEqual(250);
      // The one free slot is the LISTEN session's now; the lock's waits until the listener lets it go.
      const locking = db.tryLock("full_server_spec");
      setTimeout(() => void unlisten(), 300);
      const lock = await locking;
      expect(lock?.held()).toBe(true);
      await lock?.release();
    });
  });

  it("waits for one to free instead of failing the statement", async () => {
    await withFullServer(async (db, free) => {
      const started = performance.now();
      const answer = db.query<{ one: number }>("select 1 as one");
      // A slot frees a moment later: the statement then runs, once.
      setTimeout(free, 300);
      expect((await answer).rows[0]?.one).toBe(1);
      expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    });
  });
});
