import type { SocialProvider } from "@el/domain/accounts/account";
import { assign, fromPromise, setup } from "xstate";
import { exchangeCode, type ReturnOutcome } from "./api/exchange-code";
import { linkAccount } from "./api/link-account";

export interface SocialReturnInput {
  provider: SocialProvider;
  /** The provider's answer in the return page's query: a code and our state, or an error. */
  code: string | null;
  state: string | null;
}

type Registration = Extract<ReturnOutcome, { outcome: "registration" }>;

interface SocialReturnContext extends SocialReturnInput {
  ticket: string | null;
  email: string | null;
  error: unknown;
}

export type SocialReturnEvent = { type: "password.submitted"; password: string };

/**
 * The return page of a Google or Facebook sign-in: the code is exchanged once; then the person is signed
 * in, goes on to finish the sign-up, or confirms the password of the account that already has their
 * e-mail (as often as they mistype it). Where they go next is provided by the page (`signedIn`,
 * `continueRegistration`), so the machine is tested without a browser.
 */
export const socialReturnMachine = setup({
  types: {
    input: {} as SocialReturnInput,
    context: {} as SocialReturnContext,
    events: {} as SocialReturnEvent,
  },
  actors: {
    exchange: fromPromise(({ input }: { input: { provider: SocialProvider; code: string; state: string } }) =>
      exchangeCode(input.provider, input.code, input.state),
    ),
    link: fromPromise(({ input }: { input: { provider: SocialProvider; ticket: string; password: string } }) =>
      linkAccount(input.provider, input.ticket, input.password),
    ),
  },
  actions: {
    signedIn: (_, _params: { token: string }) => {},
    continueRegistration: (_, _params: { registration: Registration }) => {},
  },
  guards: {
    cameWithCode: ({ context }) => Boolean(context.code && context.state),
  },
}).createMachine({
  id: "socialReturn",
  context: ({ input }) => ({ ...input, ticket: null, email: null, error: null }),
  initial: "starting",
  states: {
    starting: {
      // Without a code the provider said no (the person cancelled, or it failed): nothing to exchange.
      always: [{ guard: "cameWithCode", target: "exchanging" }, { target: "refused" }],
    },
    exchanging: {
      invoke: {
        src: "exchange",
        input: ({ context }) => ({
          provider: context.provider,
          code: context.code as string,
          state: context.state as string,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.outcome === "signedIn",
            target: "done",
            actions: {
              type: "signedIn",
              params: ({ event }) => ({ token: (event.output as { id_token: string }).id_token }),
            },
          },
          {
            guard: ({ event }) => event.output.outcome === "registration",
            target: "done",
            actions: {
              type: "continueRegistration",
              params: ({ event }) => ({ registration: event.output as Registration }),
            },
          },
          {
            target: "askingPassword",
            actions: assign(({ event }) => ({
              ticket: (event.output as { ticket: string }).ticket,
              email: (event.output as { email: string }).email,
            })),
          },
        ],
        onError: { target: "failed", actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    askingPassword: {
      on: { "password.submitted": "linking" },
    },
    linking: {
      entry: assign({ error: null }),
      invoke: {
        src: "link",
        input: ({ context, event }) => ({
          provider: context.provider,
          ticket: context.ticket as string,
          password: (event as SocialReturnEvent).password,
        }),
        onDone: {
          target: "done",
          actions: { type: "signedIn", params: ({ event }) => ({ token: event.output }) },
        },
        onError: { target: "askingPassword", actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    refused: { type: "final" },
    failed: { type: "final" },
    done: { type: "final" },
  },
});
