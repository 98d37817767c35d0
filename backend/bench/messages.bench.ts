/**
 * `npm run bench:messages`: live messages between students and teachers across two backend instances. A fresh
 * PostgreSQL database (`PG_ADMIN_URL`'s server, dropped at the end), two instances on it in child processes of
 * their own (socket.io's PostgreSQL adapter between them, as in production), `BENCH_PAIRS` (500) student–teacher
 * pairs who shared a lesson (appended as its events), each with a conversation and a socket per person (1,000
 * sockets). Each person's socket and sends go to their own instance and their partner's to the other, so every
 * delivery crosses instances (see `messages-deployment.ts`).
 *
 * First the baseline: the first instance alone, everyone connected to it, `MESSAGES_RATE` (200) messages a second,
 * open loop, for `MESSAGES_SECONDS` (20) after `MESSAGES_WARMUP_SECONDS` (5), each by a random person to their
 * partner. Then the second instance, half the people moved to it, and one request at a time (`BENCH_SEQUENTIAL`,
 * 200), so the figures are latencies, not queueing:
 *  - send → message:new: a student sends; from sending the request until the teacher's socket has the push;
 *  - read → message:read: the teacher marks it read; until the student's socket has the push;
 *  - the round trips of POST …/messages, POST …/read, GET /api/conversations, GET …/unread and a history page
 *    of 30 from a conversation of `BENCH_HISTORY` (1,000) messages.
 * Then the same load as the baseline's on the two, the instances taking turns. Per run: request sent → the other
 * party's message:new p50/p95/p99/max, the answer's, and per message the CPU of the instances' processes and of
 * PostgreSQL's sessions (from /proc) and the transactions committed.
 *
 * Exits 1 when a message answered 201 never reached the other party, reached them twice, or came before one
 * stored earlier in its conversation. `MESSAGES_PROFILE=dir` writes each instance's CPU profile there.
 *
 * Not a test: it prints tables.
 */
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { benchDatabase, call, ms, outcomesText, summary } from "./harness";
import { connectPeople, Deliveries, homeOf, type Instance, type Pair, startInstance } from "./messages-deployment";
import { type LoadResult, runLoad } from "./messages-load";

const PAIRS = Number(process.env.BENCH_PAIRS ?? 500);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 1000);
const RATE = Number(process.env.MESSAGES_RATE ?? 200);
const SECONDS = Number(process.env.MESSAGES_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.MESSAGES_WARMUP_SECONDS ?? 5);
const PROFILE_DIR = process.env.MESSAGES_PROFILE && path.resolve(process.env.MESSAGES_PROFILE);
/** The delivery target under the offered load, ms. */
const TARGET_P99 = 50;

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(", ");
const loadBefore = loadAverage();

const database = benchDatabase("el_bench_messages");
await database.create();
const instances: Instance[] = [];
const deliveries = new Deliveries();
let sockets: { disconnect(): unknown }[] = [];
let failed = false;
try {
  const first = startInstance(database.url, { pairs: PAIRS, history: HISTORY }, PROFILE_DIR);
  instances.push(first);
  const { url, pairs } = await first.ready;
  const load = { databaseUrl: database.url, pairs, deliveries, rate: RATE, seconds: SECONDS };
  // The baseline first, the first instance alone: once it has heard of another, an instance keeps sharing its
  // pushes through PostgreSQL for a minute after that one is gone.
  sockets = await connectPeople(pairs, [url], deliveries);
  console.log(`${sockets.length} sockets connected to ${url}`);
  const baseline = await runLoad({
    ...load,
    name: "1 instance (baseline)",
    urls: [url],
    instances: [first],
    warmupSeconds: WARMUP_SECONDS,
  });
  for (const socket of sockets) socket.disconnect();

  const second = startInstance(database.url, { pairs: 0, history: 0 }, PROFILE_DIR);
  instances.push(second);
  const urls = [url, (await second.ready).url];
  sockets = await connectPeople(pairs, urls, deliveries);
  console.log(`${sockets.length} sockets connected, half to each of ${urls.join(" and ")}`);
  const homeUrl = (index: number, student: boolean) => urls[homeOf(index, student, 2)] as string;
  const api = (index: number, student: boolean) =>
    `${homeUrl(index, student)}/api/conversations/${(pairs[index] as Pair).conversationId}`;

  const sendToPush: number[] = [];
  const readToPush: number[] = [];
  const sendTrips: number[] = [];
  const readTrips: number[] = [];
  const listTrips: number[] = [];
  const unreadTrips: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const index = i % pairs.length;
    const pair = pairs[index] as Pair;
    const sentAt = performance.now();
    const sent = await call(`${api(index, true)}/messages`, pair.student.token, "POST", { text: `Mensagem ${i}` });
    if (sent.status !== 201) throw new Error(`send answered ${sent.status}: ${sent.text}`);
    sendTrips.push(sent.elapsed);
    const id = (JSON.parse(sent.text) as { id: number }).id;
    sendToPush.push((await deliveries.awaitPush("message:new", pair.teacher.id, id)) - sentAt);
    const teacherUrl = homeUrl(index, false);
    unreadTrips.push((await call(`${teacherUrl}/api/conversations/unread`, pair.teacher.token, "GET")).elapsed);
    listTrips.push((await call(`${teacherUrl}/api/conversations`, pair.teacher.token, "GET")).elapsed);
    const readAt = performance.now();
    const read = await call(`${api(index, false)}/read`, pair.teacher.token, "POST", { upTo: id });
    if (read.status !== 200) throw new Error(`read answered ${read.status}: ${read.text}`);
    readTrips.push(read.elapsed);
    readToPush.push((await deliveries.awaitPush("message:read", pair.student.id, id)) - readAt);
    // Within the sender's 20 messages in 10 s however small BENCH_PAIRS is.
    if (pairs.length < 20) await new Promise((resolve) => setTimeout(resolve, 500));
  }

  const long = pairs[0] as Pair;
  const pageTrips: number[] = [];
  let before: number | undefined;
  for (let i = 0; i < 50 && HISTORY > 0; i++) {
    const page = await call(
      `${api(0, true)}/messages?size=30${before === undefined ? "" : `&before=${before}`}`,
      long.student.token,
      "GET",
    );
    pageTrips.push(page.elapsed);
    const { messages, hasOlder } = JSON.parse(page.text) as { messages: { id: number }[]; hasOlder: boolean };
    before = hasOlder ? messages[0]?.id : undefined;
  }

  const runs: LoadResult[] = [
    await runLoad({ ...load, name: "2 instances", urls, instances, warmupSeconds: WARMUP_SECONDS }),
    baseline,
  ];

  const row = (name: string, samples: number[] | ReturnType<typeof summary>) => {
    const { count, p50, p95, p99, max } = Array.isArray(samples) ? summary(samples) : samples;
    return `| ${name.padEnd(60)} | ${String(count).padStart(7)} | ${ms(p50)} | ${ms(p95)} | ${ms(p99)} | ${ms(max)} |`;
  };
  console.log(`\n${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}`);
  console.log(`Load average before: ${loadBefore}; after: ${loadAverage()}`);
  console.log(
    `${pairs.length} pairs, ${pairs.length * 2} sockets; ${SEQUENTIAL} one at a time across the two instances, a history of ${HISTORY}; then ${RATE} messages/s for ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up, on one instance (first), then on two`,
  );
  console.log(`| ${"measure (ms)".padEnd(60)} | samples |      p50 |      p95 |      p99 |      max |`);
  console.log(`| ${"-".repeat(60)} | ------: | -------: | -------: | -------: | -------: |`);
  console.log(row("send request sent → message:new at the teacher", sendToPush));
  console.log(row("read request sent → message:read at the student", readToPush));
  console.log(row("POST …/messages round trip", sendTrips));
  console.log(row("POST …/read round trip", readTrips));
  console.log(row("GET /api/conversations round trip", listTrips));
  console.log(row("GET /api/conversations/unread round trip", unreadTrips));
  console.log(row(`GET …/messages?size=30 (history of ${HISTORY}, paged back)`, pageTrips));
  for (const run of runs) {
    console.log(row(`${run.name}, ${RATE}/s: sent → the other party's message:new`, run.delivery));
    console.log(row(`${run.name}, ${RATE}/s: POST …/messages answer`, run.answer));
    if (run.byInstance.length < 2) continue;
    for (const [via, { answer, delivery }] of run.byInstance.entries()) {
      console.log(row(`  sent through instance ${via + 1}: → message:new`, delivery));
      console.log(row(`  sent through instance ${via + 1}: answer`, answer));
    }
  }

  console.log(
    "\nPer run: delivery checks (warm-up included) and cost per message answered 201 in the measured window (the servers' also per request sent, 503s included)",
  );
  console.log(
    "| run                   | achieved/s | statuses                  | lost | doubled | out of order | servers' CPU ms | per request | PostgreSQL CPU ms | transactions | client CPU ms |",
  );
  console.log(
    "| --------------------- | ---------: | ------------------------- | ---: | ------: | -----------: | --------------: | ----------: | ----------------: | -----------: | ------------: |",
  );
  for (const run of runs)
    console.log(
      `| ${run.name.padEnd(21)} | ${run.achieved.toFixed(1).padStart(10)} | ${outcomesText(run.outcomes).padEnd(25)} | ${String(run.lost).padStart(4)} | ${String(run.doubled).padStart(7)} | ${String(run.outOfOrder).padStart(12)} | ${run.serverCpuMs.toFixed(2).padStart(15)} | ${run.serverCpuMsPerRequest.toFixed(2).padStart(11)} | ${run.postgresCpuMs.toFixed(2).padStart(17)} | ${run.transactions.toFixed(1).padStart(12)} | ${run.clientCpuMs.toFixed(2).padStart(13)} |`,
    );
  console.log(
    "\nIdle, per second, before each run (included in the figures per message above), and how long the read models took to catch up after it",
  );
  console.log("| run                   | servers' CPU ms | PostgreSQL CPU ms | transactions | caught up after ms |");
  console.log("| --------------------- | --------------: | ----------------: | -----------: | -----------------: |");
  for (const { name, idle, catchUpMs } of runs)
    console.log(
      `| ${name.padEnd(21)} | ${idle.serverCpuMs.toFixed(1).padStart(15)} | ${idle.postgresCpuMs.toFixed(1).padStart(17)} | ${idle.transactions.toFixed(1).padStart(12)} | ${catchUpMs.toFixed(0).padStart(18)} |`,
    );
  const [two, one] = runs as [LoadResult, LoadResult];
  console.log(
    `\nTwo instances against one: delivery p99 ${two.delivery.p99.toFixed(1)} against ${one.delivery.p99.toFixed(1)} ms (${(two.delivery.p99 / one.delivery.p99).toFixed(2)}×), servers' CPU per message ${(two.serverCpuMs / one.serverCpuMs).toFixed(2)}×, PostgreSQL's ${(two.postgresCpuMs / one.postgresCpuMs).toFixed(2)}×`,
  );
  console.log(
    `Target, two instances at ${RATE}/s: sent → the other party's message:new p99 under ${TARGET_P99} ms: ${two.delivery.p99 < TARGET_P99 ? "held" : "missed"} (${two.delivery.p99.toFixed(1)} ms)`,
  );
  for (const run of runs)
    if (run.lost + run.doubled + run.outOfOrder + run.unknown > 0) {
      failed = true;
      console.log(
        `FAILED, ${run.name}: ${run.lost} lost, ${run.doubled} doubled, ${run.outOfOrder} out of order, ${run.unknown} pushes of messages not stored`,
      );
    }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  for (const socket of sockets) socket.disconnect();
  await Promise.all(instances.map((instance) => instance.stop()));
  await database.drop();
}
if (PROFILE_DIR) console.log(`CPU profiles of the instances in ${PROFILE_DIR}`);
process.exit(failed ? 1 : 0);
