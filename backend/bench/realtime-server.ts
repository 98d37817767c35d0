/**
 * The backend side of `bench:realtime`, run in a worker thread so the server and the clients each
 * have their own event loop (as a server and its browsers would). Builds the product on the given
 * PostgreSQL database, listens on 127.0.0.1, creates the students and teachers, and posts back where it
 * listens and who may connect.
 */
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createPgDatabase } from "../src/database";
import { aTrail, givenStudent, givenTeacher } from "../test/lesson-fixtures";

const { databaseUrl, students, teachers, creditsEach } = workerData as {
  databaseUrl: string;
  students: number;
  teachers: number;
  creditsEach: number;
};

const db = createPgDatabase(databaseUrl);
const config = loadConfig({
  DATABASE_URL: databaseUrl,
  JWT_SECRET: "bench-secret-bench-secret-bench-secret",
  DATA_DIR: path.join(process.cwd(), "test-artifacts", "bench-realtime"),
  WEB_DIST: "/nonexistent",
  ADMIN_EMAIL: "admin@englishlessons.test",
  ADMIN_PASSWORD: "admin-password-bench",
});
const app = await buildApp({ config, db });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
if (!address || typeof address === "string") throw new Error("not listening");

const people = {
  url: `http://127.0.0.1:${address.port}`,
  trailId: (await aTrail(app)).id,
  students: [] as { id: number; token: string }[],
  teachers: [] as { id: number; token: string }[],
};
for (let i = 0; i < students; i++) {
  const { id, token } = await givenStudent(app, { credits: creditsEach });
  people.students.push({ id, token });
}
for (let i = 0; i < teachers; i++) {
  const { id, token } = await givenTeacher(app);
  people.teachers.push({ id, token });
}
parentPort?.postMessage(people);

parentPort?.on("message", async (message) => {
  if (message !== "stop") return;
  await app.close();
  await db.close();
  parentPort?.postMessage("stopped");
});
