import { assign, fromCallback, fromPromise, setup } from "xstate";
import { ApiError, onUnauthorized, tokenStorage } from "../api";
import { authenticate, type Credentials } from "./account";
import { type Account, fetchAccount } from "./get-account";

export const UNAUTHORIZED = "login.error.unauthorized";
export const BAD_CREDENTIALS = "login.messages.error.authentication";
export const NOT_ACTIVATED = "login.messages.error.notActivated";

export interface SessionContext {
  account?: Account;
  /** i18n key of why the user is not (or no longer) signed in. */
  error?: string;
}

export type SessionEvent =
  | { type: "session.login"; credentials: Credentials }
  | { type: "session.logout" }
  | { type: "session.refresh" }
  | { type: "session.unauthorized" }
  | { type: "session.errorDismissed" };

/**
 * A refused sign-in says why when the server names a reason (too many attempts, an application under
 * review, a deactivated account); any other 401 is the spec's failed-login message.
 */
const loginErrorKey = (error: unknown) => {
  if (!(error instanceof ApiError)) return BAD_CREDENTIALS;
  if (error.status !== 401 || error.messageKey.startsWith("login.messages.error.")) return error.messageKey;
  return BAD_CREDENTIALS;
};

/**
 * The signed-in user. At start a stored token is checked by loading the account; a sign-in stores the
 * token then loads the account; only an activated account counts as authenticated (spec section 4).
 * A 401/403 from any later call ends the session with 'login.error.unauthorized'.
 */
export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    authenticate: fromPromise<void, Credentials>(({ input }) => authenticate(input)),
    // Offline (the phone's app opened without a network), the account as last seen keeps the person signed in;
    // loaded with the account, not with the landing page, which has no use for it.
    loadAccount: fromPromise<Account>(async () =>
      (await import("../offline-snapshot")).keptOffline("account", fetchAccount)(),
    ),
    watchUnauthorized: fromCallback(({ sendBack }) => {
      const stop = onUnauthorized(() => sendBack({ type: "session.unauthorized" }));
      return () => {
        stop();
      };
    }),
  },
  actions: {
    forgetToken: () => {
      tokenStorage.clear();
      void import("../offline-snapshot").then((snapshots) => snapshots.forgetOfflineSnapshots());
    },
  },
  guards: {
    hasStoredToken: () => tokenStorage.get() !== null,
    isActivated: (_, account: Account) => account.activated,
  },
}).createMachine({
  id: "session",
  context: {},
  invoke: { src: "watchUnauthorized" },
  on: {
    // Honoured in every state: /logout opened while a kept token is still being checked must not end signed in.
    "session.logout": { target: ".anonymous", actions: ["forgetToken", assign({ account: undefined })] },
  },
  initial: "restoring",
  states: {
    restoring: {
      always: [{ guard: "hasStoredToken", target: "resuming" }, { target: "anonymous" }],
    },
    /** A token from an earlier visit: a failure here is silent (spec section 8, 401 on the account call). */
    resuming: {
      invoke: {
        src: "loadAccount",
        onDone: [
          {
            guard: { type: "isActivated", params: ({ event }) => event.output },
            target: "authenticated",
            actions: assign({ account: ({ event }) => event.output }),
          },
          { target: "anonymous", actions: "forgetToken" },
        ],
        onError: { target: "anonymous", actions: "forgetToken" },
      },
    },
    anonymous: {
      on: {
        "session.login": "authenticating",
        "session.errorDismissed": { actions: assign({ error: undefined }) },
      },
    },
    authenticating: {
      entry: assign({ error: undefined, account: undefined }),
      initial: "signingIn",
      states: {
        signingIn: {
          invoke: {
            src: "authenticate",
            input: ({ event }) => (event as Extract<SessionEvent, { type: "session.login" }>).credentials,
            onDone: "loadingAccount",
            onError: {
              target: "#session.error",
              actions: assign({ error: ({ event }) => loginErrorKey(event.error) }),
            },
          },
        },
        loadingAccount: {
          invoke: {
            src: "loadAccount",
            onDone: [
              {
                guard: { type: "isActivated", params: ({ event }) => event.output },
                target: "#session.authenticated",
                actions: assign({ account: ({ event }) => event.output }),
              },
              { target: "#session.error", actions: ["forgetToken", assign({ error: NOT_ACTIVATED })] },
            ],
            onError: {
              target: "#session.error",
              actions: ["forgetToken", assign({ error: ({ event }) => loginErrorKey(event.error) })],
            },
          },
        },
      },
    },
    authenticated: {
      initial: "idle",
      on: {
        "session.unauthorized": {
          target: "anonymous",
          actions: ["forgetToken", assign({ account: undefined, error: UNAUTHORIZED })],
        },
      },
      states: {
        idle: { on: { "session.refresh": "refreshing" } },
        /** Balance and profile change while signed in; the session stays usable while reloading. */
        refreshing: {
          invoke: {
            src: "loadAccount",
            onDone: [
              {
                guard: { type: "isActivated", params: ({ event }) => event.output },
                target: "idle",
                actions: assign({ account: ({ event }) => event.output }),
              },
              {
                target: "#session.anonymous",
                actions: ["forgetToken", assign({ account: undefined, error: UNAUTHORIZED })],
              },
            ],
            onError: [
              {
                guard: ({ event }) => event.error instanceof ApiError && event.error.status === 401,
                target: "#session.anonymous",
                actions: ["forgetToken", assign({ account: undefined, error: UNAUTHORIZED })],
              },
              { target: "idle" },
            ],
          },
        },
      },
    },
    error: {
      on: {
        "session.login": "authenticating",
        "session.errorDismissed": { target: "anonymous", actions: assign({ error: undefined }) },
      },
    },
  },
});

export type SessionState = "anonymous" | "authenticating" | "authenticated" | "error";

/** The four states the rest of the app reasons about; restoring a stored session counts as authenticating. */
export const publicState = (snapshot: { matches: (state: "anonymous" | "error" | "authenticated") => boolean }) => {
  if (snapshot.matches("authenticated")) return "authenticated" as const;
  if (snapshot.matches("anonymous")) return "anonymous" as const;
  if (snapshot.matches("error")) return "error" as const;
  return "authenticating" as const;
};
