/**
 * `npm run bench:checkout`: what a checkout costs over HTTP with the built-in sandbox gateway, on the local
 * PostgreSQL (fresh database, dropped at the end; durable commits as PostgreSQL is configured). The server
 * (`commands-server.ts`, with students and nothing else) runs in a worker thread, the load generator here.
 * Every checkout buys one 4-lesson pack, sent as the browser sends it (its own `Idempotency-Key`).
 *
 *  1. The floor: a bare `INSERT` round trip from this process to the same PostgreSQL.
 *  2. One checkout at a time: credit card in 1x (approved, credits granted), Pix (the BR Code and its QR
 *     image) and boleto; each figure also as a multiple of the floor's median, and PostgreSQL's
 *     transactions committed per checkout.
 *  3. Credit-card checkouts arriving open-loop at fixed rates (a checkout leaves on schedule whether or not
 *     earlier ones have answered, as independent students do), across distinct students, each answer
 *     checked `APPROVED`: achieved rate, outcomes, latency percentiles, transactions per checkout, and the
 *     highest rate whose p99 stays under 50 ms (the target: 100 checkouts/s).
 *
 * Not a test: it prints tables, and the load average before and after (the machine may be shared).
 * `BENCH_RATES=25,100` and `BENCH_SECONDS=5` shorten a run.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { performance } from "node:perf_hooks";
import {
  benchDatabase,
  call,
  databaseActivity,
  measureInsertFloor,
  type Outcome,
  openLoop,
  perRequestOf,
  ratesTable,
  sequentialTable,
  startServer,
  summary,
} from "./harness";

const RATES = (process.env.BENCH_RATES ?? "25,50,100,150,200").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SEQUENTIAL = 200;
/** The checkout's target: p99 under this at 100 checkouts/s. */
const TARGET_P99_MS = 50;
const METHODS = ["credit card, 1x", "Pix", "boleto"] as const;
const totalCheckouts = SEQUENTIAL * METHODS.length + RATES.reduce((sum, rate) => sum + rate * SECONDS, 0);
// Enough students that concurrent checkouts almost never share one (at 200/s a student comes back after 10 s).
const STUDENTS = Math.min(2000, totalCheckouts);

interface People {
  url: string;
  students: { id: number; login: string; token: string }[];
}

const address = {
  cep: "01310-100",
  street: "Avenida Paulista",
  number: "1000",
  neighbourhood: "Bela Vista",
  city: "São Paulo",
  state: "SP",
  country: "BR",
};
const bodies = {
  "credit card, 1x": {
    card: {
      number: "4111 1111 1111 1111",
      name: "ANA SOUZA",
      expiry: "12/30",
      cvc: "123",
      method: "credit",
      installments: 1,
    },
  },
  Pix: { method: "PIX" },
  boleto: { method: "BANKSLIP" },
} satisfies Record<(typeof METHODS)[number], object>;
/** What each method's checkout answers when it went well. */
const expected: Record<(typeof METHODS)[number], string> = {
  "credit card, 1x": "APPROVED",
  Pix: "AWAIT_PAYMENT",
  boleto: "AWAIT_PAYMENT",
};

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(", ");

/** One row of the cost tables, per checkout: PostgreSQL's transactions and CPU, then this process's CPU. */
const costRow = (
  name: string,
  database: ReturnType<typeof perRequestOf>,
  nodeCpu: NodeJS.CpuUsage & { generatorMs: number },
  checkouts: number,
) =>
  `| ${name} | ${database.transactions.toFixed(1).padStart(12)} | ${database.cpuMs.toFixed(2).padStart(9)} | ${((nodeCpu.user + nodeCpu.system) / 1000 / checkouts).toFixed(2).padStart(11)} | ${(nodeCpu.generatorMs / checkouts).toFixed(2).padStart(17)} |`;

const database = benchDatabase("el_bench_checkout");
await database.create();
const server = await startServer<People>(new URL("./commands-server.ts", import.meta.url), {
  databaseUrl: database.url,
  students: STUDENTS,
  creditsEach: 0,
  longHistories: { students: 0, lessons: 0, credits: 0 },
});
try {
  const people = await server.ready;
  let nextStudent = 0;
  const aStudent = () => people.students[nextStudent++ % people.students.length] as People["students"][number];
  const packages = await call(`${people.url}/api/item-packages`, aStudent().token, "GET");
  const fourLessons = (JSON.parse(packages.text) as { id: number; amount: number; value: number }[]).find(
    (pack) => pack.amount === 4,
  );
  if (!fourLessons) throw new Error(`no 4-lesson pack on sale: ${packages.text}`);

  /** The first answer of each outcome that was not the one expected, to print after the tables. */
  const unexpected = new Map<Outcome, string>();
  /** One checkout by the next student; its outcome is the answer's `status`, or the HTTP status when not 200. */
  const checkout = async (method: (typeof METHODS)[number]) => {
    const { status, elapsed, text } = await call(
      `${people.url}/api/purchases/checkout`,
      aStudent().token,
      "POST",
      {
        ...bodies[method],
        address,
        user: { cpf: "529.982.247-25" },
        coupon: null,
        packages: [{ id: fourLessons.id, quantity: 1 }],
        sessionId: randomUUID(),
      },
      { "idempotency-key": randomUUID() },
    );
    const outcome: Outcome = status === 200 ? (JSON.parse(text) as { status: string }).status : status;
    if (outcome !== expected[method] && !unexpected.has(outcome)) unexpected.set(outcome, text.slice(0, 300));
    return { outcome, elapsed, text };
  };

  const floor = await measureInsertFloor(database.url);
  console.log(`\n${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? "unknown"}), Node ${process.version}`);
  console.log(`Load average (1, 5, 15 min) before the run: ${loadAverage()}`);
  console.log(`${STUDENTS} students; each checkout buys one 4-lesson pack (R$ ${fourLessons.value})`);
  console.log("\nOne checkout at a time (ms; × = multiple of the bare INSERT's median)");
  const line = sequentialTable(36);
  line("bare INSERT (floor)", floor, floor);
  const costs: string[] = [];
  for (const method of METHODS) {
    const samples: number[] = [];
    const before = await databaseActivity(database.url);
    const cpu = process.cpuUsage();
    const generator = performance.eventLoopUtilization();
    for (let i = 0; i < SEQUENTIAL; i++) {
      const { outcome, elapsed, text } = await checkout(method);
      if (outcome !== expected[method]) throw new Error(`${method} checkout answered ${outcome}: ${text}`);
      samples.push(elapsed);
    }
    const nodeCpu = { ...process.cpuUsage(cpu), generatorMs: performance.eventLoopUtilization(generator).active };
    const after = await databaseActivity(database.url);
    line(`checkout: ${method}`, summary(samples), floor);
    costs.push(costRow(method.padEnd(15), perRequestOf(before, after, SEQUENTIAL), nodeCpu, SEQUENTIAL));
  }
  console.log(
    "\nWhat a checkout cost, one at a time: PostgreSQL's transactions committed and its sessions' CPU, and the CPU",
  );
  console.log("of this process (server and load generator together; the generator's thread busy for the last), ms");
  console.log("| checkout        | transactions | PG CPU ms | Node CPU ms | of which generator |");
  console.log("| --------------- | -----------: | --------: | ----------: | -----------------: |");
  for (const row of costs) console.log(row);

  console.log(`\nCredit-card checkouts (1x) at fixed arrival rates, ${SECONDS} s each (ms)`);
  const row = ratesTable();
  const rateCosts: string[] = [];
  let highest = 0;
  let target: { p99: number; ok: boolean } | undefined;
  for (const rate of RATES) {
    const total = rate * SECONDS;
    const before = await databaseActivity(database.url);
    const cpu = process.cpuUsage();
    const generator = performance.eventLoopUtilization();
    const { samples, outcomes, seconds } = await openLoop(rate, total, () => checkout("credit card, 1x"));
    const nodeCpu = { ...process.cpuUsage(cpu), generatorMs: performance.eventLoopUtilization(generator).active };
    const after = await databaseActivity(database.url);
    const s = summary(samples);
    const ok = (outcomes.get("APPROVED") ?? 0) === total;
    if (ok && s.p99 < TARGET_P99_MS) highest = rate;
    if (rate === 100) target = { p99: s.p99, ok };
    row(rate, total / seconds, outcomes, s, floor);
    rateCosts.push(costRow(String(rate).padStart(9), perRequestOf(before, after, total), nodeCpu, total));
    // Let the server drain what the last rate left queued before the next one starts.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  console.log("\nWhat a checkout cost at each rate (as above)");
  console.log("| offered/s | transactions | PG CPU ms | Node CPU ms | of which generator |");
  console.log("| --------: | -----------: | --------: | ----------: | -----------------: |");
  for (const cost of rateCosts) console.log(cost);
  console.log(
    `\nHighest offered rate with every checkout APPROVED and p99 under ${TARGET_P99_MS} ms: ${highest ? `${highest}/s` : "below the lowest rate"}`,
  );
  if (target)
    console.log(
      `Target (p99 under ${TARGET_P99_MS} ms at 100 checkouts/s, all approved): ${target.ok && target.p99 < TARGET_P99_MS ? "held" : "missed"} (p99 ${target.p99.toFixed(1)} ms)`,
    );
  for (const [outcome, text] of unexpected) console.log(`First answer ${outcome}: ${text}`);
  console.log(`Load average (1, 5, 15 min) after the run: ${loadAverage()}`);

  await server.stop();
} finally {
  await server.worker.terminate();
  await database.drop();
}
