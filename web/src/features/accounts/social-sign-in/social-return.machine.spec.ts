import type { SocialProvider } from "@el/domain/accounts/account";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError } from "../../../lib/api";
import type { ReturnOutcome } from "./api/exchange-code";
import { type SocialReturnInput, socialReturnMachine } from "./social-return.machine";

const input: SocialReturnInput = { provider: "google", code: "abc", state: "xyz" };

/** The machine with the server's answers fixed, recording where the page would go. */
const start = (
  answer: ReturnOutcome | Error,
  link: (password: string) => Promise<string> = async () => "t",
  query: Partial<SocialReturnInput> = {},
) => {
  const went: string[] = [];
  const exchanged: unknown[] = [];
  const actor = createActor(
    socialReturnMachine.provide({
      actors: {
        exchange: fromPromise(async ({ input }) => {
          exchanged.push(input);
          if (answer instanceof Error) throw answer;
          return answer;
        }),
        link: fromPromise(({ input }: { input: { provider: SocialProvider; ticket: string; password: string } }) =>
          link(input.password),
        ),
      },
      actions: {
        signedIn: (_, { token }) => went.push(`signed in with ${token}`),
        continueRegistration: (_, { registration }) => went.push(`registration of ${registration.email}`),
      },
    }),
    { input: { ...input, ...query } },
  ).start();
  return { actor, went, exchanged };
};

describe("the social sign-in's return", () => {
  it("exchanges the code once and signs a linked account in", async () => {
    const { actor, went, exchanged } = start({ outcome: "signedIn", id_token: "t1" });
    await waitFor(actor, (snapshot) => snapshot.matches("done"));
    expect(went).toEqual(["signed in with t1"]);
    expect(exchanged).toEqual([{ provider: "google", code: "abc", state: "xyz" }]);
  });

  it("goes on to the sign-up for a new person", async () => {
    const { actor, went } = start({
      outcome: "registration",
      ticket: "k",
      email: "bia@example.com",
      firstName: "Bia",
      lastName: null,
      imageUrl: null,
    });
    await waitFor(actor, (snapshot) => snapshot.matches("done"));
    expect(went).toEqual(["registration of bia@example.com"]);
  });

  it("asks the password again after a wrong one, and signs in once it is right", async () => {
    const { actor, went } = start({ outcome: "passwordRequired", ticket: "k", email: "ana@example.com" }, async (p) => {
      if (p !== "certa") throw new ApiError(400, "login.messages.error.authentication");
      return "t2";
    });
    await waitFor(actor, (snapshot) => snapshot.matches("askingPassword"));
    expect(actor.getSnapshot().context.email).toBe("ana@example.com");
    actor.send({ type: "password.submitted", password: "errada" });
    await waitFor(actor, (snapshot) => snapshot.matches("askingPassword") && snapshot.context.error !== null);
    expect(went).toEqual([]);
    actor.send({ type: "password.submitted", password: "certa" });
    await waitFor(actor, (snapshot) => snapshot.matches("done"));
    expect(went).toEqual(["signed in with t2"]);
  });

  it("fails with the server's refusal of the return (a forged state)", async () => {
    const { actor, went } = start(new ApiError(400, "social.messages.error.state"));
    await waitFor(actor, (snapshot) => snapshot.matches("failed"));
    expect((actor.getSnapshot().context.error as ApiError).messageKey).toBe("social.messages.error.state");
    expect(went).toEqual([]);
  });

  it("exchanges nothing when the provider sent no code", () => {
    const { actor, exchanged } = start({ outcome: "signedIn", id_token: "t" }, undefined, { code: null });
    expect(actor.getSnapshot().value).toBe("refused");
    expect(exchanged).toEqual([]);
  });
});
