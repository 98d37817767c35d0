/**
 * One backend instance of `bench:messages`, run in a child process of its own (forked with tsx's loader) so its
 * CPU time can be read from /proc apart from the clients' and the other instance's. Builds the product on the
 * given PostgreSQL database (socket.io's PostgreSQL adapter on, as in production), listens on 127.0.0.1 and
 * creates `pairs` pairs: a student and a teacher whose shared lesson is appended as its events, and their
 * conversation; then the first pair's long conversation of `history` messages. Sends its parent where it listens
 * and who may connect; the other instances are started with no pairs. Closes when told "stop". With
 * `MESSAGES_DIAG=1` it prints every 5 s where its commands' time went (p50/p99 ms of each phase, `el:command`),
 * how long after its event each push left (`push:{name}`), and how busy its event loop was.
 */
import path from "node:path";
import { conversationStreams } from "@el/domain/messages/conversation";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createPgDatabase } from "../src/database";
import { givenLesson, givenStudent, givenTeacher } from "../test/lesson-fixtures";
import { printDiagnostics } from "./server-diagnostics";

const { databaseUrl, pairs, history } = JSON.parse(process.argv[2] ?? "{}") as {
  databaseUrl: string;
  pairs: number;
  history: number;
};

const db = createPgDatabase(databaseUrl);
const config = loadConfig({
  DATABASE_URL: databaseUrl,
  JWT_SECRET: "bench-secret-bench-secret-bench-secret",
  DATA_DIR: path.join(process.cwd(), "test-artifacts", "bench-messages"),
  WEB_DIST: "/nonexistent",
  ADMIN_EMAIL: "admin@englishlessons.test",
  ADMIN_PASSWORD: "admin-password-bench",
  // The digest's sweep is not what is measured.
  MESSAGE_DIGEST_INTERVAL_MS: "3600000",
});
const app = await buildApp({ config, db });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
if (!address || typeof address === "string") throw new Error("not listening");

type Pair = { conversationId: number; student: { id: number; token: string }; teacher: { id: number; token: string } };
const yesterday = new Date(Date.now() - 86_400_000);
const aPair = async (): Promise<Pair> => {
  const [student, teacher] = [await givenStudent(app), await givenTeacher(app)];
  await givenLesson(app, student, { date: yesterday, teacher, creditSpent: false });
  const started = await app.inject({
    method: "POST",
    url: "/api/conversations",
    headers: student.auth,
    payload: { teacherId: teacher.id },
  });
  if (started.statusCode !== 201) throw new Error(`no conversation: ${started.statusCode} ${started.body}`);
  return {
    conversationId: started.json<{ id: number }>().id,
    student: { id: student.id, token: student.token },
    teacher: { id: teacher.id, token: teacher.token },
  };
};
const created: Pair[] = [];
// Twenty pairs at a time: each waits for its read models, so one at a time would take minutes.
for (let i = 0; i < pairs; i += 20)
  created.push(...(await Promise.all(Array.from({ length: Math.min(20, pairs - i) }, aPair))));

// The first pair's long conversation, appended as its events (the send route would hold each sender to 20 per 10 s).
const long = created[0];
if (long && history > 0) {
  const streamId = conversationStreams.id(long.conversationId);
  for (let seq = 1; seq <= history; seq += 100) {
    const events = [];
    for (let at = seq; at < Math.min(seq + 100, history + 1); at++)
      events.push({
        type: "MessageSent",
        data: {
          messageId: await app.nextId(),
          seq: at,
          from: at % 2 === 0 ? long.teacher.id : long.student.id,
          text: `Mensagem ${at} da conversa longa`,
          at: new Date(Date.now() - (history - at) * 60_000).toISOString(),
        },
      });
    const appended = await app.eventStore.appendMany([{ streamId, events, expectedVersion: "any" }]);
    await app.projections.waitFor(appended.lastPosition);
  }
}
process.send?.({ url: `http://127.0.0.1:${address.port}`, pairs: created });

process.on("message", async (message) => {
  if (message !== "stop") return;
  await app.close();
  await db.close();
  process.send?.("stopped", () => process.exit(0));
});

if (process.env.MESSAGES_DIAG) printDiagnostics(app, `instance ${address.port}`);
