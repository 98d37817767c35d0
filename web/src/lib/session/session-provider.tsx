import { createContext, type ReactNode, useContext, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { Actor } from "xstate";
import { tokenStorage } from "../api";
import type { Account, Credentials } from "./account";
import type { SessionEvent, SessionState, sessionMachine } from "./session.machine";

type SessionMachine = typeof sessionMachine;

interface SessionView {
  state: SessionState;
  account?: Account;
  error?: string;
}

interface SessionStore {
  subscribe: (listener: () => void) => () => void;
  view: () => SessionView;
  send: (event: SessionEvent) => void;
  mount: () => () => void;
}

/**
 * The session machine and XState arrive in their own chunk, fetched only when there is a session to
 * restore or a sign-in to make: a visitor who only reads the landing page never downloads them. Until
 * then the stored token alone tells the state, as the machine's first step would.
 */
const createSessionStore = (machine?: SessionMachine): SessionStore => {
  let view: SessionView = { state: tokenStorage.get() === null ? "anonymous" : "authenticating" };
  const listeners = new Set<() => void>();
  const publish = (next: SessionView) => {
    if (next.state === view.state && next.account === view.account && next.error === view.error) return;
    view = next;
    for (const listener of listeners) listener();
  };

  let actor: Actor<SessionMachine> | undefined;
  let queued: SessionEvent[] = [];
  let mounted = false;
  let starting = false;
  const start = () => {
    if (actor || starting) return;
    starting = true;
    void Promise.all([import("xstate"), import("./session.machine")]).then(([xstate, session]) => {
      starting = false;
      if (!mounted) return;
      const running = xstate.createActor(machine ?? session.sessionMachine).start();
      actor = running;
      for (const event of queued) running.send(event);
      queued = [];
      const follow = (snapshot: ReturnType<typeof running.getSnapshot>) =>
        publish({
          state: session.publicState(snapshot),
          account: snapshot.context.account,
          error: snapshot.context.error,
        });
      follow(running.getSnapshot());
      running.subscribe(follow);
    });
  };

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    view: () => view,
    send: (event) => {
      if (actor) return actor.send(event);
      queued.push(event);
      // Before the machine arrives nobody is signed in, and there a sign-in starts at once.
      if (event.type === "session.login") publish({ state: "authenticating" });
      start();
    },
    mount: () => {
      mounted = true;
      if (view.state === "authenticating" || queued.length > 0) start();
      return () => {
        mounted = false;
        actor?.stop();
        actor = undefined;
      };
    },
  };
};

const SessionContext = createContext<SessionStore | null>(null);

/** Tests may hand in the machine with its actors provided; the app uses the real one. */
export const SessionProvider = ({ children, machine }: { children: ReactNode; machine?: SessionMachine }) => {
  const [store] = useState(() => createSessionStore(machine));
  useEffect(() => store.mount(), [store]);
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
};

export interface Session {
  state: SessionState;
  account?: Account;
  /** i18n key of the last sign-in failure or of why the session ended. */
  error?: string;
  login: (credentials: Credentials) => void;
  logout: () => void;
  refresh: () => void;
  dismissError: () => void;
}

export const useSession = (): Session => {
  const store = useContext(SessionContext);
  if (!store) throw new Error("useSession needs a SessionProvider above it");
  const view = useSyncExternalStore(store.subscribe, store.view);
  // Stable callbacks, so effects that call them do not run again on every session change.
  const commands = useMemo(
    () => ({
      login: (credentials: Credentials) => store.send({ type: "session.login", credentials }),
      logout: () => store.send({ type: "session.logout" }),
      refresh: () => store.send({ type: "session.refresh" }),
      dismissError: () => store.send({ type: "session.errorDismissed" }),
    }),
    [store],
  );
  return useMemo(() => ({ ...view, ...commands }), [view, commands]);
};
