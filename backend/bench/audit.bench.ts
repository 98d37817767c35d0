/**
 * `npm run bench:audit`: the auditors' history at scale (target: p99 under 50 ms over 1,000,000 stored events
 * for each filter of `GET /api/audit/events`). A fresh PostgreSQL database (dropped at the end; `PG_ADMIN_URL`
 * for another server) is migrated by the product, then filled by SQL with `BENCH_EVENTS` events (1,000,000) in
 * 50,000 streams of lessons, students, purchases and teachers, 20 events each, interleaved as concurrent
 * streams are, caused by 20,000 users (and `system`), recorded over the past year, in 10 transactions; and
 * their links of the audit chain. Those links are written by the same bulk statement, not by the chainer: their
 * hashes are placeholders (the chain of this database does not verify), which the filters never read. The
 * projectors' checkpoints are moved past the seeded events (no read model needs them), then the product
 * starts on the database and each filter is timed over HTTP, `BENCH_REQUESTS` (300) requests one at a time.
 */
import { performance } from "node:perf_hooks";
import { adminToken } from "../test/accounts-fixtures";
import { createTestApp } from "../test/app";
import { benchDatabase, call, ms, type Summary, summary } from "./harness";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const STREAMS = 50_000;
const USERS = 20_000;
const CHUNKS = 10;
const DAY = 24 * 60 * 60 * 1000;
/** Seeded streams are numbered from here, far above the ids the product gives (its own accounts must still fold). */
const FIRST_KEY = 10_000_000;

/**
 * Event `i` (0-based) belongs to stream `FIRST_KEY + i % STREAMS` at version `i / STREAMS + 1`, so every stream grows a
 * little at a time; its kind and type follow the stream's number and version, its time the event's place.
 */
const SEED = `
insert into es_events (stream_id, stream_version, type, schema_version, data, metadata, event_id, recorded_at)
select kind || '-' || k, v,
       (case kind
          when 'lesson' then array['LessonScheduled', 'LessonAccepted', 'LessonHeld', 'StudentFeedbackGiven',
                                   'TeacherFeedbackGiven', 'LessonPaid']
          when 'student' then array['StudentRegistered', 'CreditsGranted', 'CreditSpent', 'CreditSpent',
                                    'CreditRefunded']
          when 'purchase' then array['PurchaseOrdered', 'PurchasePaid', 'PurchaseRefunded']
          else array['TeacherApplied', 'TeacherAccepted', 'TeacherPaid'] end)[1 + (v - 1) % (case kind
          when 'lesson' then 6 when 'student' then 5 else 3 end)],
       1,
       jsonb_build_object('id', k, 'version', v, 'objective', 'Conversação para entrevistas de emprego',
                          'date', to_char($3::timestamptz + i * $4::interval, 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
       jsonb_build_object('userId', case when i % 20 = 0 then 'system' else ((i * 7919) % ${USERS} + 1)::text end,
                          'correlationId', md5(i::text)),
       gen_random_uuid(),
       $3::timestamptz + i * $4::interval
  from (select i, ${FIRST_KEY} + i % ${STREAMS} as k, i / ${STREAMS} + 1 as v,
               (array['lesson', 'lesson', 'student', 'purchase', 'teacher'])[1 + (i % ${STREAMS}) % 5] as kind
          from generate_series($1::bigint, $2::bigint - 1) as i) as seeded`;

/**
 * Every event gets its link in the store's order, in rows of 256 links as the chainer writes them; hashes are
 * placeholders (see above).
 */
const LINK_ALL = `
insert into es_audit_chain (first_link, positions, hashes, max_position, last_transaction_id)
select min(link), array_agg(global_position order by link),
       string_agg(sha256(convert_to(global_position::text, 'UTF8')), ''::bytea order by link),
       max(global_position), (array_agg(transaction_id order by link desc))[1]
  from (select row_number() over (order by transaction_id, global_position) as link, global_position, transaction_id
          from es_events) as linked
 group by (link - 1) / 256`;

const main = async () => {
  const database = benchDatabase("el_bench_audit");
  await database.create();
  try {
    // The product migrates the database and seeds what it always seeds (levels, trails, the first administrator).
    const first = await createTestApp({ databaseUrl: database.url, checkResponses: false });
    await first.close();

    const seedStarted = performance.now();
    const { Client } = (await import("pg")).default;
    const client = new Client(database.url);
    await client.connect();
    const yearAgo = new Date(Date.now() - 365 * DAY).toISOString();
    const step = `${(365 * DAY) / EVENTS} milliseconds`;
    try {
      await client.query("truncate es_audit_chain");
      for (let chunk = 0; chunk < CHUNKS; chunk++) {
        const from = Math.floor((chunk * EVENTS) / CHUNKS);
        const to = Math.floor(((chunk + 1) * EVENTS) / CHUNKS);
        await client.query(SEED, [from, to, yearAgo, step]);
      }
      await client.query(
        `insert into es_streams (stream_id, version)
         select stream_id, max(stream_version) from es_events group by stream_id
         on conflict (stream_id) do update set version = excluded.version`,
      );
      await client.query(LINK_ALL);
      // The read models start after the seeded events, none of which they are asked about here (the
      // administrator's sign-in reads the account's stream).
      await client.query(
        `update projection_checkpoints set (transaction_id, global_position) =
           (select transaction_id, global_position from es_events order by transaction_id desc, global_position desc limit 1)`,
      );
      await client.query("vacuum analyze es_events");
      await client.query("vacuum analyze es_audit_chain");
    } finally {
      await client.end();
    }
    console.log(
      `seeded ${EVENTS.toLocaleString("en")} events and their links in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const test = await createTestApp({ databaseUrl: database.url, checkResponses: false });
    try {
      const { app } = test;
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      const token = (await adminToken(app)).toString();
      const links = await app.db.query<{ max: string }>(
        "select (max(first_link) + 255)::text as max from es_audit_chain",
      );
      const lastLink = Number(links.rows[0]?.max ?? 0);
      const dayOf = (i: number) => new Date(Date.now() - (1 + ((i * 37) % 360)) * DAY);
      const day = (date: Date) => date.toISOString().slice(0, 10);
      const user = (i: number) => String(((i * 7919) % USERS) + 1);
      const stream = (i: number) => {
        const n = (i * 7919) % STREAMS;
        return `${["lesson", "lesson", "student", "purchase", "teacher"][n % 5]}-${FIRST_KEY + n}`;
      };
      const cases: [string, (i: number) => string][] = [
        ["no filter, first page", () => ""],
        ["stream", (i) => `stream=${stream(i)}`],
        ["type (common: LessonScheduled)", () => "type=LessonScheduled"],
        ["type (rare: PurchaseRefunded)", () => "type=PurchaseRefunded"],
        ["type nobody stored", () => "type=NeverStored"],
        ["userId", (i) => `userId=${user(i)}`],
        ["from/to: one day", (i) => `from=${day(dayOf(i))}T00:00:00Z&to=${day(dayOf(i))}T23:59:59Z`],
        [
          "from/to: 30 days",
          (i) => `from=${day(dayOf(i))}T00:00:00Z&to=${day(new Date(dayOf(i).getTime() + 30 * DAY))}T00:00:00Z`,
        ],
        ["from only (a day back)", () => `from=${new Date(Date.now() - DAY).toISOString()}`],
        ["type + userId", (i) => `type=CreditSpent&userId=${user(i)}`],
        [
          "userId + from/to: 90 days",
          (i) =>
            `userId=${user(i)}&from=${day(dayOf(i))}T00:00:00Z&to=${day(new Date(dayOf(i).getTime() + 90 * DAY))}T00:00:00Z`,
        ],
        ["cursor deep, no filter", (i) => `after=${lastLink - 1000 - ((i * 7919) % Math.floor(lastLink / 2))}`],
        [
          "cursor deep, type",
          (i) => `type=LessonPaid&after=${lastLink - 1000 - ((i * 7919) % Math.floor(lastLink / 2))}`,
        ],
        ["cursor deep, userId", (i) => `userId=${user(i)}&after=${Math.floor(lastLink / 2)}`],
      ];
      const results: [string, Summary, number][] = [];
      for (const [name, query] of cases) {
        for (let i = 0; i < 10; i++) await call(`${base}/api/audit/events?${query(i + REQUESTS)}`, token, "GET");
        const samples: number[] = [];
        let rows = 0;
        for (let i = 0; i < REQUESTS; i++) {
          const answer = await call(`${base}/api/audit/events?${query(i)}`, token, "GET");
          if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${answer.text}`);
          samples.push(answer.elapsed);
          rows += (JSON.parse(answer.text) as { content: unknown[] }).content.length;
        }
        results.push([name, summary(samples), rows / REQUESTS]);
        console.log(`${name}: p99 ${ms(summary(samples).p99).trim()} ms`);
      }
      console.log(
        `\nGET /api/audit/events over ${EVENTS.toLocaleString("en")} events, ${REQUESTS} requests per filter, one at a time (target p99 < 50 ms)`,
      );
      console.log("| filter | rows per page | p50 ms | p99 ms | max ms |");
      console.log("| --- | ---: | ---: | ---: | ---: |");
      for (const [name, s, rows] of results)
        console.log(
          `| ${name} | ${rows.toFixed(0)} | ${ms(s.p50).trim()} | ${ms(s.p99).trim()} | ${ms(s.max).trim()} |`,
        );
    } finally {
      await test.close();
    }
  } finally {
    await database.drop();
  }
};

await main();
process.exit(0);
