/**
 * The backend side of `bench:commands`, in a worker thread so the server and the load generator each
 * have their own event loop (as a server and its clients would). Builds the product on the given
 * PostgreSQL database, listens on 127.0.0.1, creates the students (with credits for every lesson the
 * run will ask of them) and posts back where it listens and who may call it.
 */
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { studentStreams } from "@el/domain/accounts/student-account";
import { findUserByLogin } from "@el/projections/users/index";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createPgDatabase } from "../src/database";
import { aTrail, givenStudent } from "../test/lesson-fixtures";

const { databaseUrl, students, creditsEach, longHistories } = workerData as {
  databaseUrl: string;
  students: number;
  creditsEach: number;
  longHistories: { students: number; lessons: number; credits: number };
};
const ADMIN_EMAIL = "admin@englishlessons.test";

const db = createPgDatabase(databaseUrl);
const config = loadConfig({
  DATABASE_URL: databaseUrl,
  JWT_SECRET: "bench-secret-bench-secret-bench-secret",
  DATA_DIR: path.join(process.cwd(), "test-artifacts", "bench-commands"),
  WEB_DIST: "/nonexistent",
  ADMIN_EMAIL,
  ADMIN_PASSWORD: "admin-password-bench",
});
const app = await buildApp({ config, db });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
if (!address || typeof address === "string") throw new Error("not listening");

const admin = await findUserByLogin(app.db, ADMIN_EMAIL);
if (!admin) throw new Error("the first administrator was not created");
const people = {
  url: `http://127.0.0.1:${address.port}`,
  trailId: (await aTrail(app)).id,
  admin: { login: admin.login, token: app.issueToken(admin, false) },
  students: [] as { id: number; login: string; token: string }[],
  longStudents: [] as { id: number; login: string; token: string }[],
};
for (let i = 0; i < students; i++) {
  const { id, login, token } = await givenStudent(app, { credits: creditsEach });
  people.students.push({ id, login, token });
}
// Students who already spent a credit on each of `lessons` lessons: their stream holds that many events.
for (let i = 0; i < longHistories.students; i++) {
  const { id, login, token } = await givenStudent(app, { credits: longHistories.credits });
  let last: Awaited<ReturnType<typeof app.eventStore.append>> | undefined;
  for (let from = 0; from < longHistories.lessons; from += 500) {
    const lessonIds = await Promise.all(
      Array.from({ length: Math.min(500, longHistories.lessons - from) }, () => app.nextId()),
    );
    last = await app.eventStore.append(
      studentStreams.id(id),
      lessonIds.map((lessonId) => ({ type: "CreditSpent", data: { lessonId, schedulingId: lessonId } })),
      { expectedVersion: "any" },
    );
  }
  if (last) await app.projections.waitFor(last.lastPosition);
  people.longStudents.push({ id, login, token });
}
parentPort?.postMessage(people);

parentPort?.on("message", async (message) => {
  if (message !== "stop") return;
  await app.close();
  await db.close();
  parentPort?.postMessage("stopped");
});
