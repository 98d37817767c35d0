/**
 * `npm run bench:directory`: the teacher directory with 2,000 teachers. Seeds a fresh PostgreSQL database
 * (dropped at the end) with 2,000 accepted teachers (names, specialities, languages, levels taught, a bio),
 * 20,000 lessons of theirs (a third rated, with comments) and two weeks of free starts for three teachers in
 * four, then times `GET api/teachers` per kind of query (search, each filter, each sort, deep pages) and
 * `GET api/teachers/{id}`, one request at a time over real HTTP, three runs. Beside each: the statements the
 * request sent, and the CPU it cost the process (server and client: one process) and PostgreSQL's sessions
 * (from /proc). Baselines in the same run: a `select 1` round trip and a plain `select … limit 12` of the
 * directory's table. Target: p99 < 50 ms per query. Not a test: it prints tables.
 *
 * The bulk path: the real events appended straight to the event store in batches, the projectors then
 * catching up as after any import. The free starts are written straight into `teacher_free_starts`, the
 * availability read model's table, with each teacher's row keeping the first bookable one, as its projector
 * would leave them.
 */
import { performance } from "node:perf_hooks";
import type { Position } from "@el/domain";
import { BOOKING_NOTICE_MS } from "@el/domain/directory/availability";
import { createTestApp } from "../test/app";
import { benchDatabase, call, databaseActivity, ms, perRequestOf, summary } from "./harness";

const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 2_000);
const LESSONS_PER_TEACHER = Number(process.env.BENCH_LESSONS_PER_TEACHER ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BATCH = 500;
const FIRST_ID = 20_000_000;
const STUDENT_ID = 19_000_000;
const passwordHash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA";
const DAY = 86_400_000;
const now = new Date();

const FIRST_NAMES = [
  "Ana",
  "Bruno",
  "Carla",
  "Débora",
  "Érica",
  "Fábio",
  "Gabriela",
  "Heloísa",
  "Igor",
  "João",
  "Júlia",
  "Lucas",
  "Marcos",
  "Natália",
  "Otávio",
  "Patrícia",
  "Rafael",
  "Sônia",
  "Tiago",
  "Vitória",
];
const LAST_NAMES = [
  "Silva",
  "Souza",
  "Conceição",
  "Gonçalves",
  "Araújo",
  "Lima",
  "Pereira",
  "Ribeiro",
  "Simões",
  "Assunção",
  "Barbosa",
  "Melo",
  "Nogueira",
  "Peçanha",
  "Quintão",
  "Rocha",
  "Teixeira",
  "Valença",
  "Xavier",
  "Zanetti",
  "Brandão",
  "Falcão",
  "Guimarães",
  "Magalhães",
  "Loureiro",
];
const SPECIALITIES = ["BUSINESS", "TRAVEL", "INTERVIEW", "EXAM_PREPARATION"];
const LANGUAGES = ["en", "pt", "es", "fr", "de", "it"];

type Stream = { streamId: string; events: { type: string; data: unknown }[]; expectedVersion: "no_stream" };

const teacherOf = (index: number) => ({
  id: FIRST_ID + index,
  firstName: FIRST_NAMES[index % FIRST_NAMES.length] as string,
  lastName: `${LAST_NAMES[(index * 7) % LAST_NAMES.length]} ${LAST_NAMES[(index * 11 + 3) % LAST_NAMES.length]}`,
});

const teacherStream = (index: number): Stream => {
  const { id, firstName, lastName } = teacherOf(index);
  const login = `teacher${id}@bench.test`;
  return {
    streamId: `teacher-${id}`,
    expectedVersion: "no_stream",
    events: [
      {
        type: "TeacherApplied",
        data: {
          id,
          login,
          email: login,
          firstName,
          lastName,
          phone: null,
          experience: "Bench",
          langKey: "pt-br",
          passwordHash,
          appliedAt: now.toISOString(),
        },
      },
      { type: "TeacherAccepted", data: { by: "bench" } },
      {
        type: "TeacherProfileChanged",
        data: {
          bio: `Professora de inglês há ${1 + (index % 20)} anos.\nAulas de conversação e gramática.`,
          specialities: SPECIALITIES.filter((_, speciality) => (index >> speciality) % 2 === 1),
          languages: ["en", ...LANGUAGES.slice(1).filter((_, language) => (index * 3 + language) % 4 === 0)],
          levelIds: [1, 2, 3, 4, 5].filter((level) => (index + level) % 3 !== 0),
          by: login,
          at: now.toISOString(),
        },
      },
      // One teacher in twenty is deactivated: the directory must leave them out.
      ...(index % 20 === 19 ? [{ type: "AccountDeactivated", data: { by: "bench" } }] : []),
    ],
  };
};

/** Lessons in the last 60 days and the next 10, a third rated 3 to 5 with a comment. */
const lessonStream = (index: number): Stream => {
  const id = FIRST_ID + TEACHERS + index;
  const teacher = teacherOf(index % TEACHERS);
  const date = new Date(now.getTime() + (((index * 7919) % 70) - 60) * DAY).toISOString();
  const studentId = STUDENT_ID + (index % 5_000);
  const events: Stream["events"] = [
    {
      type: "LessonScheduled",
      data: {
        id,
        student: { id: studentId, firstName: "Aluna", lastName: "Ramos" },
        trail: { id: 1, number: 1, title: "Trilha 1" },
        level: { id: 1, name: "Básico" },
        date,
        objective: "TRAVEL",
        createdDate: date,
      },
    },
    { type: "LessonAccepted", data: { teacher, meetUrl: `https://meet.jit.si/bench-${id}`, acceptedAt: date } },
  ];
  if (index % 3 === 0 && Date.parse(date) < now.getTime())
    events.push({
      type: "StudentFeedbackGiven",
      data: {
        feedbackId: id + 1_000_000_000,
        studentId,
        note: 3 + (index % 3),
        information: "Ótima aula",
        givenAt: date,
      },
    });
  return { streamId: `lesson-${id}`, expectedVersion: "no_stream", events };
};

/**
 * Two weeks of free starts for three teachers in four: a few evenings each, on the half hour; and their
 * availability's rows, keeping the first start at least the notice ahead (windows the directory does not read).
 */
const seedFreeStarts = async (db: { query: (text: string, params?: unknown[]) => Promise<unknown> }) => {
  await db.query(
    `insert into teacher_free_starts (teacher_id, starts_at)
     select t.id, date_trunc('hour', $2::timestamptz) + (d * 24 + h) * interval '1 hour' + m * interval '30 minutes'
       from generate_series($1::bigint, $1::bigint + $3 - 1) as t(id),
            generate_series(0, 13) as d, generate_series(0, 3) as h, generate_series(0, 1) as m
      where t.id % 4 <> 0 and (t.id + d) % 3 <> 0
     on conflict do nothing`,
    [FIRST_ID, new Date(now.getTime() + ((FIRST_ID % 7) + 3) * 60 * 60 * 1000).toISOString(), TEACHERS],
  );
  await db.query(
    `insert into teacher_availability (teacher_id, weekly, days_off, free_until, next_free_start)
     select teacher_id, '[]', '{}', $1, min(starts_at) from teacher_free_starts where starts_at >= $2
      group by teacher_id
     on conflict (teacher_id) do update set next_free_start = excluded.next_free_start`,
    [new Date(now.getTime() + 21 * DAY).toISOString(), new Date(now.getTime() + BOOKING_NOTICE_MS).toISOString()],
  );
};

const main = async () => {
  const database = benchDatabase("el_bench_directory");
  await database.create();
  const test = await createTestApp({ databaseUrl: database.url, checkResponses: false });
  const { app } = test;
  try {
    const seedStarted = performance.now();
    const seed = async (count: number, streamOf: (index: number) => Stream) => {
      let last: Position | undefined;
      for (let from = 0; from < count; from += BATCH) {
        const streams = Array.from({ length: Math.min(BATCH, count - from) }, (_, offset) => streamOf(from + offset));
        last = (await app.eventStore.appendMany(streams)).lastPosition;
      }
      return last;
    };
    await seed(TEACHERS, teacherStream);
    const last = await seed(TEACHERS * LESSONS_PER_TEACHER, lessonStream);
    if (last) while (!(await app.projections.waitFor(last, undefined, 600_000))) {}
    await seedFreeStarts(app.db);
    // As autovacuum leaves tables that were inserted into: statistics read, pages marked all-visible (so the
    // indexes of upcoming lessons and of free starts answer without visiting the table).
    for (const table of [
      "teacher_directory",
      "teacher_directory_lessons",
      "teacher_free_starts",
      "teacher_availability",
    ])
      await app.db.query(`vacuum analyze ${table}`);
    const counts = await app.db.query<{ teachers: string; lessons: string; starts: string }>(
      `select (select count(*) from teacher_directory where active) as teachers,
              (select count(*) from teacher_directory_lessons) as lessons,
              (select count(*) from teacher_free_starts) as starts`,
    );
    console.log(
      `seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s: ${counts.rows[0]?.teachers} active teachers, ` +
        `${counts.rows[0]?.lessons} lessons, ${counts.rows[0]?.starts} free starts`,
    );

    // Every statement the app sends, counted around the requests.
    let statements = 0;
    const query = app.db.query.bind(app.db);
    app.db.query = ((...args: Parameters<typeof query>) => {
      statements++;
      return query(...args);
    }) as typeof app.db.query;

    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const searches = ["ana", "silva", "joao", "mar", "conceicao", "heloisa valenca", "gui", "ça"];
    const cases: [string, (i: number) => string][] = [
      ["no filter (relevance)", (i) => `page=${i % 3}`],
      ["search q", (i) => `q=${encodeURIComponent(searches[i % searches.length] as string)}`],
      ["speciality", (i) => `speciality=${SPECIALITIES[i % SPECIALITIES.length]}`],
      ["language", (i) => `language=${LANGUAGES[i % LANGUAGES.length]}`],
      ["levelId", (i) => `levelId=${1 + (i % 5)}`],
      ["minRating", (i) => `minRating=${[3, 4, 4.5][i % 3]}`],
      ["freeThisWeek", (i) => `freeThisWeek=true&page=${i % 3}`],
      ["sort=rating", (i) => `sort=rating&page=${i % 3}`],
      ["sort=nextFreeSlot", (i) => `sort=nextFreeSlot&page=${i % 3}`],
      ["filters + search", (i) => `q=a&speciality=TRAVEL&language=en&minRating=3&page=${i % 2}`],
      ["deep page (page 150)", () => "page=150"],
      ["deep page, nextFreeSlot", () => "sort=nextFreeSlot&page=120"],
    ];
    const plain = () => app.db.query("select * from teacher_directory where active order by teacher_id limit 12");
    const selectOne = () => app.db.query("select 1");

    for (let run = 1; run <= RUNS; run++) {
      console.log(`\nrun ${run}: ${REQUESTS} requests per kind, one at a time (target p99 < 50 ms)`);
      console.log(
        "| query                     |   p50 ms |   p99 ms |   max ms | statements | process CPU ms | PostgreSQL CPU ms |",
      );
      console.log(
        "| ------------------------- | -------: | -------: | -------: | ---------: | -------------: | ----------------: |",
      );
      const measure = async (name: string, request: (i: number) => Promise<number>) => {
        for (let i = 0; i < 20; i++) await request(i);
        const before = await databaseActivity(database.url);
        const cpuBefore = process.cpuUsage();
        const counted = statements;
        const samples: number[] = [];
        for (let i = 0; i < REQUESTS; i++) samples.push(await request(i));
        const sent = (statements - counted) / REQUESTS;
        const cpu = process.cpuUsage(cpuBefore);
        const database_ = perRequestOf(before, await databaseActivity(database.url), REQUESTS);
        const s = summary(samples);
        console.log(
          `| ${name.padEnd(25)} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)} | ${sent.toFixed(1).padStart(10)} | ` +
            `${((cpu.user + cpu.system) / 1000 / REQUESTS).toFixed(2).padStart(14)} | ${database_.cpuMs.toFixed(2).padStart(17)} |`,
        );
      };
      const timed = (work: () => Promise<unknown>) => async () => {
        const started = performance.now();
        await work();
        return performance.now() - started;
      };
      await measure("baseline: select 1", timed(selectOne));
      await measure("baseline: select … limit 12", timed(plain));
      for (const [name, queryOf] of cases)
        await measure(name, async (i) => {
          const answer = await call(`${base}/api/teachers?${queryOf(i)}`, "", "GET");
          if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${answer.text}`);
          return answer.elapsed;
        });
      await measure("GET api/teachers/{id}", async (i) => {
        // Every twentieth teacher is deactivated (404): the one before them is asked instead.
        const index = (i * 37) % TEACHERS;
        const answer = await call(`${base}/api/teachers/${FIRST_ID + index - (index % 20 === 19 ? 1 : 0)}`, "", "GET");
        if (answer.status !== 200) throw new Error(`profile: ${answer.status} ${answer.text}`);
        return answer.elapsed;
      });
    }
  } finally {
    await test.close();
    await database.drop();
  }
};

await main();
