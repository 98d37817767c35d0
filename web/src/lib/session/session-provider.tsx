import { useActorRef, useSelector } from "@xstate/react";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { ActorRefFrom } from "xstate";
import type { Account, Credentials } from "./account";
import { publicState, type SessionState, sessionMachine } from "./session.machine";

type SessionActor = ActorRefFrom<typeof sessionMachine>;
const SessionContext = createContext<SessionActor | null>(null);

/** Tests hand in the machine with its actors provided; the app uses the real one. */
export const SessionProvider = ({
  children,
  machine = sessionMachine,
}: {
  children: ReactNode;
  machine?: typeof sessionMachine;
}) => {
  const actor = useActorRef(machine);
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
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
  const actor = useContext(SessionContext);
  if (!actor) throw new Error("useSession needs a SessionProvider above it");
  const state = useSelector(actor, publicState);
  const account = useSelector(actor, (snapshot) => snapshot.context.account);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  // Stable callbacks, so effects that call them do not run again on every session change.
  const commands = useMemo(
    () => ({
      login: (credentials: Credentials) => actor.send({ type: "session.login", credentials }),
      logout: () => actor.send({ type: "session.logout" }),
      refresh: () => actor.send({ type: "session.refresh" }),
      dismissError: () => actor.send({ type: "session.errorDismissed" }),
    }),
    [actor],
  );
  return useMemo(() => ({ state, account, error, ...commands }), [state, account, error, commands]);
};
