import { adminStreams } from "@el/domain/accounts/admin-account";
import type { Database } from "@el/projections";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "./app";
import { givenStudent, givenTeacher, type Person } from "./lesson-fixtures";

/** An administrator written as the accounts slice stores one, with a token, for the catalogue tests. */
export const givenAdmin = async (app: FastifyInstance): Promise<Person> => {
  const id = await app.nextId();
  const login = `admin${id}`;
  const appended = await app.eventStore.appendMany([
    {
      streamId: adminStreams.id(login),
      expectedVersion: "no_stream",
      events: [
        {
          type: "AdministratorRegistered",
          data: {
            id,
            login,
            email: `${login}@example.com`,
            firstName: "Admin",
            lastName: null,
            imageUrl: null,
            langKey: "pt-br",
            passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
            authorities: ["ROLE_ADMIN", "ROLE_USER"],
            registeredAt: new Date().toISOString(),
          },
        },
      ],
    },
  ]);
  await app.projections.waitFor(appended.lastPosition);
  const token = app.issueToken({ id, login, authorities: ["ROLE_ADMIN", "ROLE_USER"] }, false);
  return { id, login, firstName: "Admin", token, auth: { authorization: `Bearer ${token}` } };
};

export interface CatalogWorld {
  app: FastifyInstance;
  db: Database;
  admin: Person;
  student: Person;
  teacher: Person;
}

/**
 * One backend per spec file, with an administrator, a student and a teacher to call it as, closed after
 * the file. The fields are filled in `beforeAll`, so read them inside tests and helpers, never at load.
 */
export const useCatalogWorld = (options: { studentCredits?: number } = {}): CatalogWorld => {
  const world = {} as CatalogWorld;
  let test: TestApp | undefined;
  beforeAll(async () => {
    test = await createTestApp();
    world.app = test.app;
    world.db = test.db;
    world.admin = await givenAdmin(test.app);
    world.student = await givenStudent(test.app, { credits: options.studentCredits });
    world.teacher = await givenTeacher(test.app);
  });
  afterAll(() => test?.close());
  return world;
};
