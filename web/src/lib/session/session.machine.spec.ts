import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, waitFor } from "xstate";
import { fakeApi, json } from "../../test/fake-api";
import { api, TOKEN_KEY } from "../api";
import type { Account } from "./account";
import { BAD_CREDENTIALS, NOT_ACTIVATED, publicState, sessionMachine, UNAUTHORIZED } from "./session.machine";

const ana: Account = {
  id: 7,
  login: "ana@example.com",
  firstName: "Ana",
  lastName: "Souza",
  email: "ana@example.com",
  activated: true,
  langKey: "pt-br",
  authorities: ["ROLE_USER", "ROLE_STUDENT"],
  balance: 2,
  level: 1,
  objective: "TRAVEL",
  phone: "(11)98765-4321",
  imageUrl: null,
};

/** A server that knows one password and hands out one token; the account it answers can be changed. */
const server = (account: () => Account = () => ana) =>
  fakeApi({
    "POST /api/authenticate": ({ body }) => {
      const { username, password } = body as { username: string; password: string };
      if (username !== ana.login || password !== "secret") return json({}, { status: 401 });
      return json({ id_token: "token-1" }, { headers: { Authorization: "Bearer token-1" } });
    },
    "GET /api/account": ({ headers }) =>
      headers.get("Authorization") === "Bearer token-1" ? json(account()) : json({}, { status: 401 }),
    "GET /api/lessons": () => json({}, { status: 403 }),
  });

const start = () => createActor(sessionMachine).start();
const settled = (actor: ReturnType<typeof start>) =>
  waitFor(actor, (snapshot) => publicState(snapshot) !== "authenticating");

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe("session machine", () => {
  it("starts anonymous when no token was kept", () => {
    server();
    const actor = start();
    expect(publicState(actor.getSnapshot())).toBe("anonymous");
  });

  it("signs in, keeps the token for the tab only, and loads the account", async () => {
    server();
    const actor = start();
    actor.send({ type: "session.login", credentials: { username: ana.login, password: "secret", rememberMe: false } });
    expect(publicState(actor.getSnapshot())).toBe("authenticating");
    const snapshot = await settled(actor);
    expect(publicState(snapshot)).toBe("authenticated");
    expect(snapshot.context.account?.balance).toBe(2);
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe("token-1");
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("keeps the token across visits with remember-me", async () => {
    server();
    const actor = start();
    actor.send({ type: "session.login", credentials: { username: ana.login, password: "secret", rememberMe: true } });
    await settled(actor);
    expect(localStorage.getItem(TOKEN_KEY)).toBe("token-1");
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("refuses a wrong password with the spec's message and lets the user try again", async () => {
    server();
    const actor = start();
    actor.send({ type: "session.login", credentials: { username: ana.login, password: "wrong", rememberMe: false } });
    const failed = await settled(actor);
    expect(publicState(failed)).toBe("error");
    expect(failed.context.error).toBe(BAD_CREDENTIALS);
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();

    actor.send({ type: "session.login", credentials: { username: ana.login, password: "secret", rememberMe: false } });
    const retried = await settled(actor);
    expect(publicState(retried)).toBe("authenticated");
    expect(retried.context.error).toBeUndefined();
  });

  it("does not count a deactivated account as signed in", async () => {
    server(() => ({ ...ana, activated: false }));
    const actor = start();
    actor.send({ type: "session.login", credentials: { username: ana.login, password: "secret", rememberMe: true } });
    const snapshot = await settled(actor);
    expect(publicState(snapshot)).toBe("error");
    expect(snapshot.context.error).toBe(NOT_ACTIVATED);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("resumes a session from a kept token", async () => {
    server();
    localStorage.setItem(TOKEN_KEY, "token-1");
    const actor = start();
    expect(publicState(actor.getSnapshot())).toBe("authenticating");
    const snapshot = await settled(actor);
    expect(publicState(snapshot)).toBe("authenticated");
    expect(snapshot.context.account?.login).toBe(ana.login);
  });

  it("silently forgets a kept token the server no longer accepts", async () => {
    server();
    localStorage.setItem(TOKEN_KEY, "expired");
    const snapshot = await settled(start());
    expect(publicState(snapshot)).toBe("anonymous");
    expect(snapshot.context.error).toBeUndefined();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("ends the session with 'login.error.unauthorized' when any call answers 403", async () => {
    server();
    localStorage.setItem(TOKEN_KEY, "token-1");
    const actor = start();
    await settled(actor);
    await expect(api.get("api/lessons")).rejects.toMatchObject({ status: 403 });
    const snapshot = actor.getSnapshot();
    expect(publicState(snapshot)).toBe("anonymous");
    expect(snapshot.context.error).toBe(UNAUTHORIZED);
    expect(snapshot.context.account).toBeUndefined();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("signs out, forgetting token and account", async () => {
    server();
    localStorage.setItem(TOKEN_KEY, "token-1");
    const actor = start();
    await settled(actor);
    actor.send({ type: "session.logout" });
    expect(publicState(actor.getSnapshot())).toBe("anonymous");
    expect(actor.getSnapshot().context.account).toBeUndefined();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("signs out even while a kept token is still being checked", async () => {
    server();
    localStorage.setItem(TOKEN_KEY, "token-1");
    const actor = start();
    actor.send({ type: "session.logout" });
    expect(publicState(actor.getSnapshot())).toBe("anonymous");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(publicState(actor.getSnapshot())).toBe("anonymous");
    expect(actor.getSnapshot().context.account).toBeUndefined();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("refreshes the account (a new balance) while staying signed in", async () => {
    let balance = 2;
    server(() => ({ ...ana, balance }));
    localStorage.setItem(TOKEN_KEY, "token-1");
    const actor = start();
    await settled(actor);
    balance = 5;
    actor.send({ type: "session.refresh" });
    expect(publicState(actor.getSnapshot())).toBe("authenticated");
    const refreshed = await waitFor(actor, (snapshot) => snapshot.context.account?.balance === 5);
    expect(publicState(refreshed)).toBe("authenticated");
  });
});
