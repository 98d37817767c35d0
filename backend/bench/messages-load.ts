/**
 * The offered load of `bench:messages` and what it is judged by: messages sent open-loop at a fixed rate by
 * random people to their partner, a warm-up first; then each message's delivery to the other party, whether any
 * was lost, doubled or heard out of its conversation's order, and what a message cost the instances' processes
 * and PostgreSQL's sessions.
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { call, databaseActivity, type Outcome, openLoop, perRequestOf, type Summary, summary } from "./harness";
import { type Deliveries, homeOf, type Instance, type Pair } from "./messages-deployment";

/** How long each run first measures the deployment idle. */
const IDLE_MS = 3000;

/** A message answered 201: its id, its recipient, and when its request left (`performance.now()`). */
interface Sent {
  id: number;
  to: number;
  sentAt: number;
  /** The instance it was sent through (its index). */
  via: number;
}

export interface LoadResult {
  name: string;
  rate: number;
  achieved: number;
  outcomes: Map<Outcome, number>;
  /** Request sent → the other party's `message:new`, ms. */
  delivery: Summary;
  /** `POST …/messages` answers, ms. */
  answer: Summary;
  /** By the instance sent through: its answers, and its messages' deliveries, ms. */
  byInstance: { answer: Summary; delivery: Summary }[];
  /** Messages answered 201 (warm-up included) that the other party never heard, heard more than once, or heard
   * before one stored earlier in the conversation; and pushes of messages the database does not hold. */
  lost: number;
  doubled: number;
  outOfOrder: number;
  unknown: number;
  /** Per message answered 201 in the measured window: CPU ms of the instances' processes, of PostgreSQL's
   * sessions on the bench database, of this (client) process, and transactions committed. */
  serverCpuMs: number;
  /** The instances' CPU per request sent, whatever its answer (shed ones, 503, cost little but not nothing). */
  serverCpuMsPerRequest: number;
  postgresCpuMs: number;
  clientCpuMs: number;
  transactions: number;
  /** From the last message's delivery until every projector had caught up, ms. */
  catchUpMs: number;
  /** The same with no messages, per second: what the instances and PostgreSQL spend idle (projectors' polls,
   * the adapter's heartbeats), which the figures per message include for the window's length. */
  idle: { serverCpuMs: number; postgresCpuMs: number; transactions: number };
}

/** The cost so far: the instances' CPU, PostgreSQL's sessions and commits, this process's CPU (ms). */
const reading = async (databaseUrl: string, instances: Instance[]) => {
  const activity = await databaseActivity(databaseUrl);
  const servers = await Promise.all(instances.map((instance) => instance.cpuMs()));
  const client = process.cpuUsage();
  return {
    activity,
    serverMs: servers.reduce((sum, ms) => sum + ms, 0),
    clientMs: (client.user + client.system) / 1000,
  };
};

/**
 * `rate` messages a second for `seconds`, open loop: each from a random pair, by the party at home on the
 * instance whose turn it is (they alternate), to the other party.
 */
const send = (pairs: Pair[], urls: string[], rate: number, seconds: number, sent: Sent[], answers: number[][]) => {
  let turns = 0;
  return openLoop(rate, Math.round(rate * seconds), async () => {
    const turn = turns++;
    const index = Math.floor(Math.random() * pairs.length);
    const pair = pairs[index] as Pair;
    const fromStudent = urls.length === 1 ? turn % 2 === 0 : homeOf(index, true, 2) === turn % 2;
    const [from, to] = fromStudent ? [pair.student, pair.teacher] : [pair.teacher, pair.student];
    const via = homeOf(index, fromStudent, urls.length);
    const url = urls[via];
    const sentAt = performance.now();
    const answer = await call(`${url}/api/conversations/${pair.conversationId}/messages`, from.token, "POST", {
      text: `Mensagem ${turn}`,
    });
    answers[via]?.push(answer.elapsed);
    if (answer.status === 201)
      sent.push({ id: (JSON.parse(answer.text) as { id: number }).id, to: to.id, sentAt, via });
    return { outcome: answer.status, elapsed: answer.elapsed };
  });
};

/** Until every sent message has reached its recipient, or 5 s with none missing no longer. */
const settle = async (sent: Sent[], deliveries: Deliveries) => {
  const deadline = performance.now() + 5000;
  while (performance.now() < deadline && sent.some(({ id, to }) => deliveries.arrivals(to, id).length === 0))
    await new Promise((resolve) => setTimeout(resolve, 50));
};

/**
 * Until every projector has caught up with the events stored (up to 20 s), so a run's cost includes the read
 * models' work it caused and the next run's idle reading does not: how long that took, ms.
 */
const caughtUp = async (databaseUrl: string) => {
  const started = performance.now();
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    while (performance.now() - started < 20_000) {
      const { rows } = await client.query<{ behind: boolean }>(
        `select coalesce((select min(global_position) from projection_checkpoints where status = 'running'), 0)
           < coalesce((select max(global_position) from es_events), 0) as behind`,
      );
      if (!rows[0]?.behind) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return performance.now() - started;
  } finally {
    await client.end();
  }
};

/** Every stored message's place in its conversation (`seq`), by id. */
const placesOf = async (databaseUrl: string) => {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; seq: number }>("select id, seq from conversation_messages");
    return new Map(rows.map(({ id, seq }) => [Number(id), seq]));
  } finally {
    await client.end();
  }
};

const verify = (sent: Sent[], deliveries: Deliveries, places: Map<number, number>) => {
  let lost = 0;
  let doubled = 0;
  for (const { id, to } of sent) {
    const heard = deliveries.arrivals(to, id).length;
    if (heard === 0) lost++;
    if (heard > 1) doubled++;
  }
  let outOfOrder = 0;
  let unknown = 0;
  for (const ids of deliveries.orders()) {
    let last = 0;
    for (const id of ids) {
      const place = places.get(id);
      if (place === undefined) unknown++;
      else if (place < last) outOfOrder++;
      else last = place;
    }
  }
  return { lost, doubled, outOfOrder, unknown };
};

/**
 * One run: `warmupSeconds` of messages, then `seconds` measured, on the instances at `urls` (1 or 2) with
 * everyone's socket at home. Every message of both is checked; latencies and cost are the measured window's.
 */
export const runLoad = async (options: {
  name: string;
  databaseUrl: string;
  pairs: Pair[];
  urls: string[];
  instances: Instance[];
  deliveries: Deliveries;
  rate: number;
  seconds: number;
  warmupSeconds: number;
}): Promise<LoadResult> => {
  const { databaseUrl, pairs, urls, instances, deliveries, rate, seconds } = options;
  deliveries.clear();
  await caughtUp(databaseUrl);
  const idleFrom = await reading(databaseUrl, instances);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const idleTo = await reading(databaseUrl, instances);
  // Its length: the pause, and the second reading's own wait for PostgreSQL's statistics.
  const idleSeconds = (IDLE_MS + 1200) / 1000;
  const idleDatabase = perRequestOf(idleFrom.activity, idleTo.activity, idleSeconds);
  const warm: Sent[] = [];
  if (options.warmupSeconds > 0) await send(pairs, urls, rate, options.warmupSeconds, warm, []);
  await settle(warm, deliveries);
  await caughtUp(databaseUrl);
  const before = await reading(databaseUrl, instances);
  const sent: Sent[] = [];
  const answers = urls.map((): number[] => []);
  const load = await send(pairs, urls, rate, seconds, sent, answers);
  await settle(sent, deliveries);
  const catchUpMs = await caughtUp(databaseUrl);
  const after = await reading(databaseUrl, instances);
  const check = verify([...warm, ...sent], deliveries, await placesOf(databaseUrl));
  const delivery: number[] = [];
  const deliveryVia = urls.map((): number[] => []);
  for (const { id, to, sentAt, via } of sent) {
    const at = deliveries.arrivals(to, id)[0];
    if (at === undefined) continue;
    delivery.push(at - sentAt);
    deliveryVia[via]?.push(at - sentAt);
  }
  const messages = Math.max(1, sent.length);
  const database = perRequestOf(before.activity, after.activity, messages);
  return {
    name: options.name,
    rate,
    achieved: (rate * seconds) / load.seconds,
    outcomes: load.outcomes,
    delivery: summary(delivery),
    answer: summary(load.samples),
    byInstance: answers.map((samples, via) => ({
      answer: summary(samples),
      delivery: summary(deliveryVia[via] ?? []),
    })),
    ...check,
    serverCpuMs: (after.serverMs - before.serverMs) / messages,
    serverCpuMsPerRequest: (after.serverMs - before.serverMs) / Math.max(1, load.samples.length),
    postgresCpuMs: database.cpuMs,
    clientCpuMs: (after.clientMs - before.clientMs) / messages,
    transactions: database.transactions,
    catchUpMs,
    idle: {
      serverCpuMs: (idleTo.serverMs - idleFrom.serverMs) / idleSeconds,
      postgresCpuMs: idleDatabase.cpuMs,
      transactions: idleDatabase.transactions,
    },
  };
};
