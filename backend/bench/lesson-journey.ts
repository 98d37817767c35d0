/**
 * What `bench:load` and `bench:soak` share: the two-instance deployment (two backends in child processes of their
 * own, `journey-server.ts`, on one fresh PostgreSQL database, socket.io's PostgreSQL adapter between them, the
 * environment inherited, `REDIS_URL` included), its browsers connected half to each
 * instance, and the lesson journey split across the two: a student schedules on one instance and, once
 * answered, a teacher connected to the other claims the lesson there, each waiting for the other party's push.
 */
import { performance } from "node:perf_hooks";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { parseServerPush } from "@el/domain/realtime";
import { io, type Socket } from "socket.io-client";
import { benchDatabase, call, type Outcome } from "./harness";
import { startServerProcess } from "./server-process";

/** One-hour lessons a teacher can hold in a day without two of them sharing a half-hour (07:00 to 21:00). */
const LESSONS_A_DAY = 15;

interface People {
  url: string;
  trailId: number;
  students: { id: number; token: string }[];
  teachers: { id: number; token: string }[];
}

/** One journey's figures, ms; a push that never came within 10 s is null, a push not awaited undefined. */
export interface Journey {
  outcome: Outcome;
  scheduling: { url: string; status: number; elapsed: number };
  claim?: { url: string; status: number; elapsed: number };
  /** From the scheduling's answer to the claiming teacher's `lesson:pending` (0 when the push came first). */
  pending?: number | null;
  /** From the claim's answer to the student's `lesson:accepted` (0 when the push came first). */
  accepted?: number | null;
  pendingFromRequest?: number;
  acceptedFromRequest?: number;
}

/**
 * Arrivals nobody waited for yet, the latest 25,000 to 50,000 of them. Every teacher hears every lesson, so
 * this takes tens of thousands of entries a second: it keeps two generations and drops the older whole.
 * (Evicting a Map's first key one insert at a time walks the holes earlier deletes left at its start: at
 * 20,000 pushes a second that took a quarter of the core this process shares with the servers.)
 */
class RecentArrivals {
  private current = new Map<number, number>();
  private previous = new Map<number, number>();
  keep(key: number, at: number) {
    this.current.set(key, at);
    if (this.current.size < 25_000) return;
    this.previous = this.current;
    this.current = new Map();
  }
  take(key: number): number | undefined {
    const at = this.current.get(key) ?? this.previous.get(key);
    this.current.delete(key);
    this.previous.delete(key);
    return at;
  }
}

/**
 * Creates the database, starts `instances` backends (1 or 2) with `students` and `teachers` people
 * (`creditsEach` credits per student) and connects one socket per person, alternating instances.
 */
export const startDeployment = async (options: {
  databasePrefix: string;
  instances: number;
  students: number;
  teachers: number;
  creditsEach: number;
  /** Where each backend writes a CPU profile when stopped (`node --cpu-prof`). */
  profileDir?: string;
}) => {
  const { students: STUDENTS, teachers: TEACHERS } = options;
  const database = benchDatabase(options.databasePrefix);
  await database.create();
  const serverModule = new URL("./journey-server.ts", import.meta.url);
  const first = startServerProcess<People>(
    serverModule,
    { databaseUrl: database.url, students: STUDENTS, teachers: TEACHERS, creditsEach: options.creditsEach },
    options.profileDir,
  );
  // One instance: the same load on the first alone, to tell what the second one costs.
  let second: ReturnType<typeof startServerProcess<People>> | undefined;
  let people: People;
  let urls: string[];
  /** A deployment that could not start (PostgreSQL out of connections, sockets timing out) leaves nothing behind. */
  const giveUp = async (error: unknown): Promise<never> => {
    first.kill();
    second?.kill();
    await database.drop();
    throw error;
  };
  try {
    people = await first.ready;
    second =
      options.instances === 1
        ? undefined
        : startServerProcess<People>(
            serverModule,
            { databaseUrl: database.url, students: 0, teachers: 0, creditsEach: 0 },
            options.profileDir,
          );
    urls = [people.url, second ? (await second.ready).url : people.url];
  } catch (error) {
    await giveUp(error);
    throw error;
  }

  // Who is waiting for which push: resolved by the socket that receives it. A push that arrives before its
  // waiter (a lesson:pending often beats the scheduling's answer) is kept a while for it.
  const awaitingPending = new Map<number, (at: number) => void>();
  const awaitingAccepted = new Map<number, (at: number) => void>();
  const early = new Map([
    [awaitingPending, new RecentArrivals()],
    [awaitingAccepted, new RecentArrivals()],
  ]);
  const arrived = (waiting: Map<number, (at: number) => void>, key: number, at: number) => {
    const waiter = waiting.get(key);
    if (waiter) return waiter(at);
    early.get(waiting)?.keep(key, at);
  };
  const connect = (url: string, token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(url, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
      socket.once("connect", () => resolve(socket));
      socket.once("connect_error", reject);
    });
  const teacherSockets = await Promise.all(
    people.teachers.map(async (teacher, index) => {
      const socket = await connect(urls[index % 2] ?? people.url, teacher.token);
      socket.on("lesson:pending", (raw: unknown) => {
        // Every teacher hears every lesson; only the one that will claim it is timed. The 100 teachers share
        // this process with the servers on two cores, so a push is only looked into here for its lesson, not
        // validated against the contract (a browser does that on its own CPU; realtime specs check the shape).
        const id = (raw as { lesson?: { id?: unknown } } | undefined)?.lesson?.id;
        if (typeof id === "number") arrived(awaitingPending, id * TEACHERS + index, performance.now());
      });
      return socket;
    }),
  ).catch(giveUp);
  const studentSockets = await Promise.all(
    people.students.map(async (student, index) => {
      const socket = await connect(urls[(index + 1) % 2] ?? people.url, student.token);
      socket.on("lesson:accepted", (raw: unknown) => {
        const push = parseServerPush("lesson:accepted", raw);
        if (push) arrived(awaitingAccepted, push.lessonId, performance.now());
      });
      return socket;
    }),
  ).catch(giveUp);

  /**
   * A push expected: when it arrived (`performance.now()`, possibly before it was expected), or null if it
   * never came within 10 s.
   */
  const expectPush = (waiting: Map<number, (at: number) => void>, key: number) => {
    let arrivedAt = early.get(waiting)?.take(key);
    let wake: (() => void) | undefined;
    if (arrivedAt === undefined)
      waiting.set(key, (at) => {
        arrivedAt = at;
        waiting.delete(key);
        wake?.();
      });
    return () =>
      new Promise<number | null>((resolve) => {
        const settle = () => resolve(arrivedAt ?? null);
        if (arrivedAt !== undefined) return settle();
        const timer = setTimeout(() => {
          waiting.delete(key);
          settle();
        }, 10_000);
        wake = () => {
          clearTimeout(timer);
          settle();
        };
      });
  };

  let lessonsSoFar = 0;
  const slotOf = (teacherIndex: number, k: number) => {
    const day = 2 + Math.floor(k / LESSONS_A_DAY);
    const hour = 7 + (k % LESSONS_A_DAY);
    const date = localDateOf(new Date(Date.now() + day * 86_400_000));
    return `${date}T${String(hour).padStart(2, "0")}:${teacherIndex % 2 ? "30" : "00"}:00-03:00`;
  };
  const claimsOfTeacher = new Array<number>(TEACHERS).fill(0);

  /** The next lesson's journey: its student schedules on one instance, its teacher claims on the other. */
  const journey = async (): Promise<Journey> => {
    const i = lessonsSoFar++;
    const student = people.students[i % STUDENTS];
    const teacherIndex = i % TEACHERS;
    const teacher = people.teachers[teacherIndex];
    if (!student || !teacher) throw new Error("no such person");
    const k = claimsOfTeacher[teacherIndex] ?? 0;
    claimsOfTeacher[teacherIndex] = k + 1;
    const schedulingUrl = urls[i % 2] ?? people.url;
    const claimUrl = urls[(i + 1) % 2] ?? people.url;
    const scheduled = await call(`${schedulingUrl}/api/schedulings`, student.token, "POST", {
      trail: { id: people.trailId },
      date: slotOf(teacherIndex, k),
      objective: "TRAVEL",
    });
    const answeredAt = performance.now();
    const scheduling = { url: schedulingUrl, status: scheduled.status, elapsed: scheduled.elapsed };
    if (scheduled.status !== 201) return { outcome: scheduled.status, scheduling };
    const lessonId = (JSON.parse(scheduled.text) as { id: number }).id;
    // The pending push may already be here: it leaves when the projection commits, as the answer does.
    const pendingArrival = expectPush(awaitingPending, lessonId * TEACHERS + teacherIndex);
    const acceptedArrival = expectPush(awaitingAccepted, lessonId);
    const claimed = await call(`${claimUrl}/api/lessons`, teacher.token, "POST", { schedulingId: lessonId });
    const claimAnsweredAt = performance.now();
    // A refused claim (503 past saturation) sends the student nothing: only a claimed lesson's push is awaited.
    const [toTeacher, toStudent] = await Promise.all([
      pendingArrival(),
      claimed.status === 201 ? acceptedArrival() : Promise.resolve(undefined),
    ]);
    return {
      outcome: claimed.status === 201 ? 201 : `claim ${claimed.status}`,
      scheduling,
      claim: { url: claimUrl, status: claimed.status, elapsed: claimed.elapsed },
      // From the answer (0 when the push came first), and from the request: what the other party waits in all.
      pending: toTeacher === null ? null : Math.max(0, toTeacher - answeredAt),
      pendingFromRequest: toTeacher === null ? undefined : toTeacher - (answeredAt - scheduled.elapsed),
      accepted: toStudent == null ? toStudent : Math.max(0, toStudent - claimAnsweredAt),
      acceptedFromRequest: toStudent == null ? undefined : toStudent - (claimAnsweredAt - claimed.elapsed),
    };
  };

  /** Disconnects the sockets, stops the backends and drops the database. */
  const close = async () => {
    for (const socket of [...teacherSockets, ...studentSockets]) socket.disconnect();
    await second?.stop();
    await first.stop();
    await database.drop();
  };

  return {
    database,
    urls: second ? urls : [people.url],
    /** The backends' processes, the first's people's home first. */
    servers: second ? [first, second] : [first],
    sockets: teacherSockets.length + studentSockets.length,
    journey,
    close,
  };
};
