import { randomUUID } from "node:crypto";
import type { RecordedEvent } from "@el/domain";
import { type LessonEvent, lessonStreams } from "@el/domain/lessons/lesson";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll } from "vitest";
import type { Projector, Push } from "../runner/projector";
import type { Sql } from "../sql";
import { emptyPglite } from "./empty-pglite";

/** Tests' helpers for projectors whose `evolve` applies lesson events a batch at a time. */

export const sqlOf = (db: PGlite | Parameters<Parameters<PGlite["transaction"]>[0]>[0]): Sql => ({
  query: async (text, params) =>
    (params?.length ? db.query(text, params) : ((await db.exec(text)).at(-1) ?? { rows: [] })) as never,
});

/** A small deterministic generator, so a failure names the seed that shows it. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const person = (id: number) => ({ id, firstName: `P${id}`, lastName: id % 2 ? null : `L${id}` });
const instant = (n: number) => new Date(Date.UTC(2026, 2, 1) + n * 3_600_000).toISOString();

/** Every event the projector handles, on a few dozen lessons, in an order a real store could hold. */
export const lessonHistory = (seed: number, count: number): RecordedEvent[] => {
  const next = random(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
  const versions = new Map<number, number>();
  const events: RecordedEvent[] = [];
  for (let n = 1; events.length < count; n++) {
    const lesson = 100 + Math.floor(next() * 40);
    const version = (versions.get(lesson) ?? 0) + 1;
    const teacher = person(500 + Math.floor(next() * 3));
    const event: LessonEvent =
      // A lesson's first event is its scheduling; a second scheduling of it must be ignored, as the projectors do.
      version === 1 || next() < 0.03
        ? {
            type: "LessonScheduled",
            data: {
              id: lesson,
              student: person(lesson * 10),
              trail: { id: 1, number: 1, title: "Hello" },
              level: { id: 2, name: "Básico" },
              date: instant(n),
              objective: "TRAVEL",
              createdDate: instant(0),
              // Now and then the student chose the teacher: booked in their slots, or requested of them alone.
              ...(lesson % 5 === 0
                ? {
                    chosenTeacher:
                      lesson % 10 === 0
                        ? { teacher: person(500), how: "BOOKED" as const, seriesId: lesson }
                        : {
                            teacher: person(501),
                            how: "REQUESTED" as const,
                            expiresAt: instant(n + 12),
                            fallback: "BOARD" as const,
                          },
                  }
                : {}),
            },
          }
        : pick<LessonEvent>([
            { type: "LessonAccepted", data: { teacher, meetUrl: "https://meet.jit.si/x", acceptedAt: instant(n) } },
            { type: "LessonMoved", data: { from: instant(0), date: instant(n + 48), by: 1, at: instant(n) } },
            {
              type: "LessonTeacherChanged",
              data: { from: person(9), teacher, meetUrl: "https://meet.jit.si/y", by: 1, at: instant(n) },
            },
            { type: "LessonTeacherUnassigned", data: { from: teacher, by: 1, at: instant(n) } },
            { type: "LessonCancelled", data: { by: 1, role: "admin", refunded: true, at: instant(n) } },
            {
              type: "LessonRequestLapsed",
              data: {
                teacher: person(501),
                reason: "EXPIRED",
                fallback: next() < 0.5 ? "BOARD" : "CANCEL",
                at: instant(n),
              },
            },
            {
              type: "StudentFeedbackGiven",
              data: { feedbackId: n, studentId: 1, note: 5, information: "", givenAt: instant(n) },
            },
            {
              type: "TeacherFeedbackGiven",
              data: {
                feedbackId: n,
                teacherId: teacher.id,
                skipped: false,
                status: 2,
                note: 4,
                information: "",
                sugestions: "",
                productSugestions: "",
                studentInformation: "",
                partialyHeld: "x",
                givenAt: instant(n),
              },
            },
            { type: "LessonPaid", data: { paymentId: n, valueCents: 2500, teacherId: 1, by: "admin", at: instant(n) } },
            { type: "LessonPaymentCancelled", data: { paymentId: n, by: "admin", at: instant(n) } },
            { type: "StudentFeedbackDeleted", data: { feedbackId: n, by: "admin", at: instant(n) } },
            {
              type: "TeacherFeedbackRevised",
              data: {
                feedbackId: n,
                status: 3,
                note: null,
                information: "",
                sugestions: "",
                productSugestions: "",
                studentInformation: "",
                partialyHeld: null,
                by: "admin",
                at: instant(n),
              },
            },
            { type: "TeacherFeedbackDeleted", data: { feedbackId: n, by: "admin", at: instant(n) } },
            {
              type: "LessonVideoLinkChanged",
              data: { meetUrl: `https://meet.google.com/m-${n}`, teacherId: teacher.id, at: instant(n) },
            },
          ]);
    versions.set(lesson, version);
    events.push({
      transactionId: BigInt(events.length + 1),
      globalPosition: BigInt(events.length + 1),
      streamId: lessonStreams.id(lesson),
      streamVersion: version,
      type: event.type,
      schemaVersion: 1,
      data: event.data,
      metadata: { occurredAt: instant(n) },
      eventId: randomUUID(),
      recordedAt: new Date(instant(n)),
    });
    // Now and then one of the people is erased (LGPD): an account's event among the lessons'.
    if (next() < 0.02)
      events.push({
        transactionId: BigInt(events.length + 1),
        globalPosition: BigInt(events.length + 1),
        streamId: next() < 0.5 ? `student-${lesson * 10}` : `teacher-${teacher.id}`,
        streamVersion: 2,
        type: "PersonalDataErased",
        schemaVersion: 1,
        data: { by: "titular", at: instant(n), lessons: [lesson] },
        metadata: { occurredAt: instant(n) },
        eventId: randomUUID(),
        recordedAt: new Date(instant(n)),
      });
  }
  return events;
};

/**
 * `events` applied to `projector`'s tables in two schemas of `db`: by `evolve` event by event as the runner
 * applies them (`live`), and by `evolve` in batches of `batchSize`, as a replay (`way` "replay": nobody
 * listens) or as the runner (`way` "live"). Answers each schema's rows as `rowsIn` reads them, and the pushes
 * of each way (none asked for in a replay).
 */
const appliedBothWays = async <Rows>(
  db: PGlite,
  projector: Projector,
  events: readonly RecordedEvent[],
  batchSize: number,
  rowsIn: (schema: string) => Promise<Rows>,
  way: "replay" | "live",
) => {
  const one = `one_${randomUUID().slice(0, 8)}`;
  const batched = `batched_${randomUUID().slice(0, 8)}`;
  for (const schema of [one, batched]) {
    await db.exec(`create schema ${schema}; set search_path to ${schema};`);
    await projector.migrate(sqlOf(db));
  }
  const pushes: { one: Push[]; batched: Push[] } = { one: [], batched: [] };
  await db.exec(`set search_path to ${one}`);
  await db.transaction(async (tx) => {
    for (const event of events) pushes.one.push(...(await projector.evolve([event], sqlOf(tx), { live: true })));
  });
  await db.exec(`set search_path to ${batched}`);
  for (let start = 0; start < events.length; start += batchSize) {
    const batch = events.slice(start, start + batchSize);
    await db.transaction(async (tx) => {
      const produced = await projector.evolve(batch, sqlOf(tx), { live: way === "live" });
      if (way === "live") pushes.batched.push(...produced);
    });
  }
  await db.exec("set search_path to public");
  return { one: await rowsIn(one), batched: await rowsIn(batched), pushes };
};

/**
 * `appliedBothWays` on one PGlite per spec file, opened on first use and closed after the file's tests (call it
 * where the tests are declared). `rowsIn` reads what a schema holds.
 */
export const batchComparisons = () => {
  let opened: Promise<PGlite> | undefined;
  afterAll(async () => (await opened)?.close());
  return async <Rows>(
    projector: Projector,
    events: readonly RecordedEvent[],
    batchSize: number,
    rowsIn: (db: PGlite, schema: string) => Promise<Rows>,
    way: "replay" | "live" = "replay",
  ) => {
    opened ??= emptyPglite();
    const db = await opened;
    return appliedBothWays(db, projector, events, batchSize, (schema) => rowsIn(db, schema), way);
  };
};
