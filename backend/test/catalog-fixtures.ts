import { adminStreamId } from "@el/domain/accounts/admin-account";
import type { FastifyInstance } from "fastify";
import type { Person } from "./lesson-fixtures";

/** An administrator written as the accounts slice stores one, with a token, for the catalogue tests. */
export const givenAdmin = async (app: FastifyInstance): Promise<Person> => {
  const id = await app.nextId();
  const login = `admin${id}`;
  const appended = await app.eventStore.appendMany([
    {
      streamId: adminStreamId(login),
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
