import { notFound } from "@el/domain";
import {
  type AccountCommand,
  Authority,
  LoginParams,
  NewAdministrator,
  type ProfileChanges,
  RegistrationByAdmin,
  UserUpdate,
  userListQuery,
} from "@el/domain/accounts/index";
import { UserView } from "@el/domain/accounts/user-view";
import { USERS_PROJECTION } from "@el/domain/audit/replays";
import {
  findUserById,
  findUserByLogin,
  pageUsers,
  type UserRow,
  type UserSortField,
  userSortFields,
} from "@el/projections/accounts/users/index";
import { teachersOwed } from "@el/projections/lessons/index";
import { teacherRatingsOf } from "@el/projections/teachers/index";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { executeOnStreams } from "../../commands/execute";
import { PendingAnswer, readBack, sendPending } from "../../commands/read-back";
import { alert } from "../../http/alert";
import { TOTAL_COUNT } from "../../http/paging";
import { READ_MODEL_READERS, readModelOf } from "../../http/read-model";
import { NoBody } from "../../http/responses";
import {
  accountOf,
  decideOnAccount,
  executeOnAccount,
  reservation,
  reservationStreams,
  rosterAppend,
  rosterStreams,
} from "./account-commands";
import { unguessablePassword } from "./passwords";
import { registerAdministrator } from "./registration";
import { type AdminRegistration, registerByAdmin } from "./registration-by-admin";
import { toUserView } from "./user-views";

const sortFields = Object.keys(userSortFields) as [UserSortField, ...UserSortField[]];
const UserListQuery = userListQuery(sortFields);

/** The teacher list's debt indicator (whether any held lesson is still unpaid) and each teacher's rating. */
const withDebts = async (app: FastifyInstance, users: UserRow[]) => {
  const teacherIds = users.filter((user) => user.kind === "teacher").map((user) => user.id);
  const [owed, ratings] = await Promise.all([
    teachersOwed(app.db, teacherIds, app.clock.now()),
    teacherRatingsOf(app.db, teacherIds),
  ]);
  return users.map((user) =>
    user.kind === "teacher"
      ? toUserView(user, owed.has(user.id), ratings.get(user.id) ?? { average: null, count: 0 })
      : toUserView(user),
  );
};

/** A user by login, or by id for the paths that use ids (DELETE api/users/{id}). */
const findUser = async (app: FastifyInstance, loginOrId: string) => {
  const user =
    (await findUserByLogin(app.db, loginOrId)) ??
    (/^\d{1,15}$/.test(loginOrId) ? await findUserById(app.db, Number(loginOrId)) : undefined);
  if (!user) throw notFound();
  return user;
};

const loadUser = async (app: FastifyInstance, id: number) => {
  const user = await findUserById(app.db, id);
  if (!user) throw notFound();
  return user;
};

/** User management for administrators (spec section 7, "Users"); every route needs ROLE_ADMIN. */
export const usersRoutes = async (plain: FastifyInstance) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();

  // `replay=<id>`: the list as it stood at a replay's moment, for auditors and administrators;
  // a teacher's debt and rating come from other read models than the replayed one, so they are not given.
  for (const kind of ["admin", "teacher", "student"] as const) {
    app.get(
      `/api/users/${kind}`,
      {
        config: READ_MODEL_READERS,
        schema: { querystring: UserListQuery, response: { 200: z.array(UserView) } },
      },
      async (request, reply) => {
        const { page, size, sort, search, replay } = request.query;
        const { users, total } = await readModelOf(
          app,
          request,
          replay,
          USERS_PROJECTION,
        )((sql) => pageUsers(sql, { kind, page, size, sort, search }));
        const dtos = replay === undefined ? await withDebts(app, users) : users.map((user) => toUserView(user));
        return reply.header(TOTAL_COUNT, String(total)).send(dtos);
      },
    );
  }

  app.get(
    "/api/users/authorities",
    { config: { roles: ["ROLE_ADMIN"] }, schema: { response: { 200: z.array(z.string()) } } },
    async () => Authority.options,
  );

  app.get(
    "/api/users/:login",
    {
      config: { roles: ["ROLE_ADMIN"] },
      schema: { params: LoginParams, response: { 200: UserView } },
    },
    async (request) => {
      const [user] = await withDebts(app, [await findUser(app, request.params.login)]);
      return user as UserView;
    },
  );

  app.post(
    "/api/users",
    {
      config: { roles: ["ROLE_ADMIN"] },
      schema: { body: NewAdministrator, response: { 201: UserView, 202: PendingAnswer } },
    },
    async (request, reply) => {
      const { password, ...body } = request.body;
      const created = await registerAdministrator(
        app,
        {
          ...body,
          firstName: body.firstName ?? null,
          lastName: body.lastName ?? null,
          imageUrl: body.imageUrl ?? null,
          authorities: body.authorities ?? [],
          password,
        },
        { by: request.currentUser.login, userId: String(request.currentUser.id), correlationId: request.id },
      );
      const location = `/api/users/${created.login}`;
      const user = await readBack(created, location, () => loadUser(app, created.id));
      if (!user.projected) return sendPending(alert(reply, "userManagement.created", created.login), user);
      return alert(reply.code(201), "userManagement.created", created.login)
        .header("Location", location)
        .send(toUserView(user.view));
    },
  );

  app.put(
    "/api/users",
    {
      config: { roles: ["ROLE_ADMIN"] },
      schema: { body: UserUpdate, response: { 200: UserView, 202: PendingAnswer } },
    },
    async (request, reply) => {
      const { id, activated, authorities, email, ...profile } = request.body;
      const user = await loadUser(app, id);
      const by = request.currentUser.login;
      const changes: ProfileChanges = Object.fromEntries(
        Object.entries({ ...profile, email: email?.toLowerCase() }).filter(([, value]) => value !== undefined),
      );
      const commands: AccountCommand[] = [{ type: "ChangeProfile", changes, by }];
      if (authorities) commands.push({ type: "SetAuthorities", authorities, by });
      if (activated !== undefined) commands.push({ type: "SetActivated", activated, by });
      const mayEndAdministration = authorities !== undefined || activated === false;
      const committed = await executeOnAccount(
        app,
        user.streamId,
        () => commands,
        { userId: String(request.currentUser.id), correlationId: request.id },
        {
          newEmail: changes.email,
          roster: mayEndAdministration ? { streams: await rosterStreams(app, user), by } : undefined,
        },
      );
      const updated = await readBack(committed, `/api/users/${user.login}`, () => loadUser(app, id));
      if (!updated.projected) return sendPending(alert(reply, "userManagement.updated", user.login), updated);
      return alert(reply, "userManagement.updated", user.login).send(toUserView(updated.view));
    },
  );

  app.delete(
    "/api/users/:login",
    {
      config: { roles: ["ROLE_ADMIN"] },
      schema: { params: LoginParams, response: { 204: NoBody } },
    },
    async (request, reply) => {
      const user = await findUser(app, request.params.login);
      await deleteAccount(app, user, request.currentUser);
      return alert(reply, "userManagement.deleted", user.login).code(204).send();
    },
  );

  app.post(
    "/api/registerByAdmin",
    {
      config: { roles: ["ROLE_ADMIN"] },
      schema: { body: RegistrationByAdmin, response: { 201: UserView, 202: PendingAnswer } },
    },
    async (request, reply) => {
      const body = request.body;
      const common = {
        firstName: body.firstName,
        lastName: body.lastName ?? null,
        email: body.email,
        password: body.password ?? unguessablePassword(),
        phone: body.phone ?? null,
        langKey: body.langKey,
      };
      const { cpf } = body;
      const registration: AdminRegistration = body.student
        ? {
            ...common,
            student: true,
            level: body.level ?? null,
            objective: body.objective ?? null,
            seen: body.seen ?? null,
            profile: {
              cpf,
              street: body.street,
              neighbourhood: body.neighbourhood,
              city: body.city,
              state: body.state,
              country: body.country,
              number: body.number,
              cep: body.cep,
            },
          }
        : {
            ...common,
            student: false,
            experience: body.experience ?? null,
            profile: { cpf, bankNumber: body.bankNumber, bankAccount: body.bankAccount, bankBranch: body.bankBranch },
          };
      const created = await registerByAdmin(app, registration, {
        by: request.currentUser.login,
        userId: String(request.currentUser.id),
        correlationId: request.id,
      });
      const user = await readBack(created, `/api/users/${created.login}`, () => loadUser(app, created.id));
      if (!user.projected) return sendPending(alert(reply, "userManagement.created", created.login), user);
      return alert(reply.code(201), "userManagement.created", created.login).send(toUserView(user.view));
    },
  );
};

/** Deletes an account and gives its e-mail and login back, so they can be registered again. */
const deleteAccount = async (app: FastifyInstance, user: UserRow, by: { id: number; login: string }) => {
  const roster = (await rosterStreams(app, user)).filter((streamId) => streamId !== user.streamId);
  return executeOnStreams(
    app,
    [user.streamId, ...reservationStreams("email", user.email), ...reservationStreams("login", user.login), ...roster],
    (histories) => {
      const history = histories[user.streamId];
      const account = accountOf(user.streamId, history);
      const events = decideOnAccount(user.streamId, history, [{ type: "DeleteAccount", by: by.login }]);
      return {
        appends: [
          { streamId: user.streamId, events },
          ...rosterAppend(user.streamId, events, histories, roster, by.login),
          ...reservation("email", account.profile.email, { type: "Release", owner: user.streamId }, histories),
          ...reservation("login", account.login, { type: "Release", owner: user.streamId }, histories),
        ],
        result: undefined,
      };
    },
    { userId: String(by.id) },
  );
};
