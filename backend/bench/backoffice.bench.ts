/**
 * `npm run bench:backoffice`: lesson control (`/gerencia/aula`) at scale. Seeds 100,000 lessons, 2,000
 * teachers and 10,000 students in a fresh PostgreSQL database (dropped at the end), then measures
 * `GET api/lessons` with each filter (p50/p99 over real HTTP; target p99 < 50 ms) and the export's rate
 * (CSV and XLSX of every lesson; target ≥ 20,000 rows/s) with the process's memory while it streams.
 * Not a test: it prints a table.
 *
 * The bulk path: the real events (TeacherApplied/Accepted, StudentRegistered, LessonScheduled, then
 * LessonAccepted, LessonPaid and feedbacks for some) appended straight to the event store in batches of
 * 1,000 streams, the projectors then catching up as they would after any import. It skips the
 * commands' rules (no credit is spent, no teacher slot reserved), which lesson control does not read.
 */
import { performance } from "node:perf_hooks";
import type { Position } from "@el/domain";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { adminToken } from "../test/accounts-fixtures";
import { createTestApp } from "../test/app";
import { benchDatabase, call, ms, type Summary, summary } from "./harness";

const LESSONS = Number(process.env.BENCH_LESSONS ?? 100_000);
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 2_000);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const BATCH = 1_000;
const FIRST_ID = 10_000_000;
const TEACHER_ID = (index: number) => FIRST_ID + index;
const STUDENT_ID = (index: number) => FIRST_ID + TEACHERS + index;
const LESSON_ID = (index: number) => FIRST_ID + TEACHERS + STUDENTS + index;
const passwordHash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA";
const now = new Date();
const thisYear = Number(localDateOf(now).slice(0, 4));

/** A deterministic spread: the i-th lesson's start over three years, on half hours from 07:00 to 21:30 in São Paulo. */
const startOf = (index: number) => {
  const day = new Date(Date.UTC(thisYear - 2, 0, 1) + ((index * 7919) % (3 * 365)) * 86_400_000);
  const halfHour = (index * 31) % 30;
  // 10:00 UTC is 07:00 in São Paulo.
  return new Date(day.getTime() + (10 * 60 + halfHour * 30) * 60_000).toISOString();
};

type Stream = { streamId: string; events: { type: string; data: unknown }[]; expectedVersion: "no_stream" };

const teacherStream = (index: number): Stream => {
  const id = TEACHER_ID(index);
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
          firstName: `Professora ${index}`,
          lastName: "Conceição",
          phone: null,
          experience: "Bench",
          langKey: "pt-br",
          passwordHash,
          appliedAt: now.toISOString(),
        },
      },
      { type: "TeacherAccepted", data: { by: "bench" } },
    ],
  };
};

const studentStream = (index: number): Stream => {
  const id = STUDENT_ID(index);
  const login = `student${id}@bench.test`;
  return {
    streamId: `student-${id}`,
    expectedVersion: "no_stream",
    events: [
      {
        type: "StudentRegistered",
        data: {
          id,
          login,
          email: login,
          firstName: `Aluno ${index}`,
          lastName: "Ações",
          phone: null,
          level: 1,
          objective: "TRAVEL",
          seen: null,
          langKey: "pt-br",
          passwordHash,
          registeredAt: now.toISOString(),
        },
      },
    ],
  };
};

/** 80 % claimed, half of those paid, a third of those rated by both sides. */
const lessonStream = (index: number): Stream => {
  const id = LESSON_ID(index);
  const date = startOf(index);
  const studentIndex = index % STUDENTS;
  const teacherIndex = (index * 13) % TEACHERS;
  const teacher = { id: TEACHER_ID(teacherIndex), firstName: `Professora ${teacherIndex}`, lastName: "Conceição" };
  const events: Stream["events"] = [
    {
      type: "LessonScheduled",
      data: {
        id,
        student: { id: STUDENT_ID(studentIndex), firstName: `Aluno ${studentIndex}`, lastName: "Ações" },
        trail: { id: 1 + (index % 20), number: 1 + (index % 20), title: `Trilha ${1 + (index % 20)}` },
        level: { id: 1 + (index % 4), name: "Básico" },
        date,
        objective: "TRAVEL",
        createdDate: date,
      },
    },
  ];
  if (index % 5 !== 0) {
    events.push({
      type: "LessonAccepted",
      data: { teacher, meetUrl: `https://meet.jit.si/bench-${id}`, acceptedAt: date },
    });
    if (index % 2 === 0)
      events.push({
        type: "LessonPaid",
        data: { paymentId: id + 1_000_000_000, valueCents: 25_00, teacherId: teacher.id, by: "bench", at: date },
      });
    if (index % 3 === 0) {
      events.push(
        {
          type: "StudentFeedbackGiven",
          data: {
            feedbackId: id + 2_000_000_000,
            studentId: STUDENT_ID(studentIndex),
            note: 5,
            information: "Ótima aula, professora atenciosa",
            givenAt: date,
          },
        },
        {
          type: "TeacherFeedbackGiven",
          data: {
            feedbackId: id + 3_000_000_000,
            teacherId: teacher.id,
            skipped: false,
            status: 1,
            note: 4,
            information: "Aula completa",
            sugestions: "Mais conversação",
            productSugestions: "Áudios",
            studentInformation: "Dedicado",
            partialyHeld: null,
            givenAt: date,
          },
        },
      );
    }
  }
  return { streamId: `lesson-${id}`, expectedVersion: "no_stream", events };
};

const main = async () => {
  const database = benchDatabase("el_bench_backoffice");
  await database.create();
  const test = await createTestApp({ databaseUrl: database.url, checkResponses: false });
  const { app } = test;
  try {
    const seedStarted = performance.now();
    const seed = async (count: number, streamOf: (index: number) => Stream) => {
      let last: Position | undefined;
      for (let from = 0; from < count; from += BATCH) {
        const streams = Array.from({ length: Math.min(BATCH, count - from) }, (_, offset) => streamOf(from + offset));
        const appended = await app.eventStore.appendMany(streams);
        last = appended.lastPosition;
      }
      return last;
    };
    await seed(TEACHERS, teacherStream);
    await seed(STUDENTS, studentStream);
    const last = await seed(LESSONS, lessonStream);
    const appendedIn = performance.now() - seedStarted;
    // The projectors catch up as after any import; each wait gives up after its timeout, so wait again.
    if (last) while (!(await app.projections.waitFor(last, undefined, 600_000))) {}
    const projectedIn = performance.now() - seedStarted - appendedIn;
    await app.db.query("analyze lesson_schedulings");
    console.log(
      `seeded ${LESSONS.toLocaleString("en")} lessons, ${TEACHERS} teachers, ${STUDENTS} students: ` +
        `appended in ${(appendedIn / 1000).toFixed(1)} s, projected in ${(projectedIn / 1000).toFixed(1)} s`,
    );

    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const token = (await adminToken(app)).toString();

    const cases: [string, (i: number) => string][] = [
      ["no filter", () => ""],
      ["Ano (this year)", () => `&year=${thisYear}`],
      ["Ano + Mês", (i) => `&year=${thisYear - (i % 3)}&month=${1 + (i % 12)}`],
      ["Mês of every year", (i) => `&month=${1 + (i % 12)}`],
      ["Professor", (i) => `&teacherId=${TEACHER_ID((i * 37) % TEACHERS)}`],
      ["Aluno", (i) => `&studentId=${STUDENT_ID((i * 53) % STUDENTS)}`],
      ["Professor + Ano", (i) => `&teacherId=${TEACHER_ID((i * 37) % TEACHERS)}&year=${thisYear - 1}`],
      ["deep page (page 500)", () => "&page=500"],
    ];
    const results: [string, Summary][] = [];
    for (const [name, query] of cases) {
      for (let i = 0; i < 20; i++) await call(`${base}/api/lessons?size=10${query(i)}`, token, "GET");
      const samples: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const answer = await call(
          `${base}/api/lessons?size=10&sort=scheduling.date,desc${query(i)}${query(i).includes("page=") ? "" : `&page=${i % 5}`}`,
          token,
          "GET",
        );
        if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${answer.text}`);
        samples.push(answer.elapsed);
      }
      results.push([name, summary(samples)]);
    }
    console.log(`\nGET api/lessons, ${REQUESTS} requests per filter, one at a time (target p99 < 50 ms)`);
    console.log("filter                      p50 ms   p99 ms   max ms");
    for (const [name, s] of results) console.log(`${name.padEnd(24)}${ms(s.p50)} ${ms(s.p99)} ${ms(s.max)}`);

    // What the broad filters' count cost before the month counts: the count(*) each page then ran beside its
    // rows, timed here in the same run (same data, same load) as the route's figures above.
    const formerCount = async (year: number | null, month: number | null) => {
      const conditions = ["status <> 'cancelled'"];
      const params: number[] = [];
      const zone = "'America/Sao_Paulo'";
      if (year !== null) {
        params.push(
          year,
          month ?? 1,
          month === null || month === 12 ? year + 1 : year,
          month === null ? 1 : month === 12 ? 1 : month + 1,
        );
        conditions.push(
          `date >= make_timestamptz($1, $2, 1, 0, 0, 0, ${zone})`,
          `date < make_timestamptz($3, $4, 1, 0, 0, 0, ${zone})`,
        );
      } else if (month !== null) {
        params.push(month);
        conditions.push(`extract(month from date at time zone ${zone}) = $1`);
      }
      const started = performance.now();
      await app.db.query(`select count(*) from lesson_schedulings where ${conditions.join(" and ")}`, params);
      return performance.now() - started;
    };
    const formerCases: [string, (i: number) => [number | null, number | null]][] = [
      ["no filter", () => [null, null]],
      ["Ano (this year)", () => [thisYear, null]],
      ["Ano + Mês", (i) => [thisYear - (i % 3), 1 + (i % 12)]],
      ["Mês of every year", (i) => [null, 1 + (i % 12)]],
    ];
    console.log("\nthe former count(*) of the broad filters alone, as each page ran it before the month counts");
    console.log("filter                      p50 ms   p99 ms   max ms");
    for (const [name, filter] of formerCases) {
      const samples: number[] = [];
      for (let i = 0; i < REQUESTS; i++) samples.push(await formerCount(...filter(i)));
      const s = summary(samples);
      console.log(`${name.padEnd(24)}${ms(s.p50)} ${ms(s.p99)} ${ms(s.max)}`);
    }

    console.log("\nexport of every lesson with both feedbacks (target ≥ 20,000 rows/s)");
    for (const format of ["csv", "xlsx"] as const) {
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 50);
      const started = performance.now();
      const response = await fetch(`${base}/api/lessons/export?format=${format}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        if (format === "csv") for (const byte of chunk) if (byte === 10) lines++;
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const rows = format === "csv" ? lines - 1 : LESSONS;
      console.log(
        `${format.padEnd(5)} ${rows.toLocaleString("en")} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s: ` +
          `${Math.round(rows / seconds).toLocaleString("en")} rows/s; process RSS ${(rssBefore / 1e6).toFixed(0)} MB before, ` +
          `${(peakRss / 1e6).toFixed(0)} MB at most while streaming (server and client in this one process)`,
      );
    }
  } finally {
    await test.close();
    await database.drop();
  }
};

await main();
