import { describe, expect, it } from "vitest";
import { stateFrom } from "../shared/decider";
import { specFor } from "../shared/spec";
import {
  type AccountEvent,
  accountErrors,
  RESET_KEY_LIFETIME_MS,
  RESET_MAIL_INTERVAL_MS,
  type RecentFailures,
  SIGN_IN_LIMITS,
  signInOfUnknownAccount,
  signInWaitMs,
} from "./account";
import { type AdminEvent, adminAccountDecider } from "./admin-account";

/** The rules every account shares, run through the administrator account (the plainest kind). */
const given = specFor(adminAccountDecider);

const hash = (name: string) => `$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$${name}`;
const registered: AdminEvent = {
  type: "AdministratorRegistered",
  data: {
    id: 1,
    login: "maria",
    email: "maria@example.com",
    firstName: "Maria",
    lastName: null,
    imageUrl: null,
    langKey: "pt-br",
    passwordHash: hash("first"),
    authorities: ["ROLE_ADMIN", "ROLE_USER"],
    registeredAt: "2026-03-01T12:00:00.000Z",
  },
};
const now = new Date("2026-03-02T10:00:00.000Z");
const later = (ms: number) => new Date(now.getTime() + ms);
const digest = "a".repeat(64);
const otherDigest = "b".repeat(64);
const resetRequested: AccountEvent = {
  type: "PasswordResetRequested",
  data: { keyDigest: digest, expiresAt: later(RESET_KEY_LIFETIME_MS).toISOString() },
};
const failed = (
  at: Date,
  reason: "bad_credentials" | "rate_limited" = "bad_credentials",
  ip = "10.0.0.1",
): AccountEvent => ({
  type: "SignInFailed",
  data: { login: "maria", ip, at: at.toISOString(), reason },
});
const signIn = (passwordVerified: boolean, at = now, addressFailures: RecentFailures = { count: 0 }, ip = "10.0.0.1") =>
  ({ type: "SignIn", passwordVerified, ip, now: at, addressFailures }) as const;
const signedIn = (at: Date, ip = "10.0.0.1"): AccountEvent => ({
  type: "SignedIn",
  data: { login: "maria", ip, at: at.toISOString() },
});

describe("account rules", () => {
  describe("profile", () => {
    it("records only the fields that changed", () => {
      given([registered])
        .when({
          type: "ChangeProfile",
          changes: { firstName: "Maria", lastName: "Lima", langKey: "pt-br" },
          by: "maria",
        })
        .then([{ type: "ProfileChanged", data: { changes: { lastName: "Lima" }, by: "maria" } }]);
    });

    it("records nothing when nothing changed", () => {
      given([registered])
        .when({ type: "ChangeProfile", changes: { firstName: "Maria" }, by: "maria" })
        .then([]);
    });
  });

  describe("password change", () => {
    it("stores the new hash once the current password is verified", () => {
      given([registered])
        .when({ type: "ChangePassword", currentPasswordVerified: true, passwordHash: hash("second"), by: "maria" })
        .then([{ type: "PasswordChanged", data: { passwordHash: hash("second"), by: "maria" } }]);
    });

    it("refuses a wrong current password", () => {
      given([registered])
        .when({ type: "ChangePassword", currentPasswordVerified: false, passwordHash: hash("second"), by: "maria" })
        .thenThrows(accountErrors.wrongPassword, "validation");
    });
  });

  describe("password reset", () => {
    it("issues a key that expires after 24 hours", () => {
      given([registered]).when({ type: "RequestPasswordReset", keyDigest: digest, now }).then([resetRequested]);
    });

    it("gives an inactive account no key", () => {
      given([registered, { type: "AccountDeactivated", data: { by: "root" } }])
        .when({ type: "RequestPasswordReset", keyDigest: digest, now })
        .then([]);
    });

    it("sets the new password with the key", () => {
      given([registered, resetRequested])
        .when({ type: "CompletePasswordReset", keyDigest: digest, passwordHash: hash("new"), now: later(1000) })
        .then([{ type: "PasswordResetCompleted", data: { keyDigest: digest, passwordHash: hash("new") } }]);
    });

    it("refuses a key used once already", () => {
      given([
        registered,
        resetRequested,
        { type: "PasswordResetCompleted", data: { keyDigest: digest, passwordHash: hash("new") } },
      ])
        .when({ type: "CompletePasswordReset", keyDigest: digest, passwordHash: hash("newer"), now: later(2000) })
        .thenThrows(accountErrors.resetKeyRefused, "validation");
    });

    it("refuses an expired key", () => {
      given([registered, resetRequested])
        .when({
          type: "CompletePasswordReset",
          keyDigest: digest,
          passwordHash: hash("new"),
          now: later(RESET_KEY_LIFETIME_MS),
        })
        .thenThrows(accountErrors.resetKeyRefused);
    });

    it("refuses an unknown key, and an earlier key once a newer one was issued", () => {
      given([registered, resetRequested])
        .when({ type: "CompletePasswordReset", keyDigest: otherDigest, passwordHash: hash("new"), now })
        .thenThrows(accountErrors.resetKeyRefused);
      given([
        registered,
        resetRequested,
        { ...resetRequested, data: { ...resetRequested.data, keyDigest: otherDigest } },
      ])
        .when({ type: "CompletePasswordReset", keyDigest: digest, passwordHash: hash("new"), now })
        .thenThrows(accountErrors.resetKeyRefused);
    });

    it("refuses any key after a password change", () => {
      given([registered, resetRequested, { type: "PasswordChanged", data: { passwordHash: hash("x"), by: "maria" } }])
        .when({ type: "CompletePasswordReset", keyDigest: digest, passwordHash: hash("new"), now })
        .thenThrows(accountErrors.resetKeyRefused);
    });
  });

  describe("activation", () => {
    it("deactivates and activates again", () => {
      given([registered])
        .when({ type: "SetActivated", activated: false, by: "root" })
        .then([{ type: "AccountDeactivated", data: { by: "root" } }]);
      given([registered, { type: "AccountDeactivated", data: { by: "root" } }])
        .when({ type: "SetActivated", activated: true, by: "root" })
        .then([{ type: "AccountActivated", data: { by: "root" } }]);
    });

    it("records nothing when the flag already has that value", () => {
      given([registered]).when({ type: "SetActivated", activated: true, by: "root" }).then([]);
    });

    it("does not let an administrator deactivate themselves", () => {
      given([registered])
        .when({ type: "SetActivated", activated: false, by: "maria" })
        .thenThrows(accountErrors.selfDeactivation, "forbidden");
    });
  });

  describe("authorities", () => {
    it("grants the missing ones and revokes the others", () => {
      given([registered])
        .when({ type: "SetAuthorities", authorities: ["ROLE_ADMIN", "ROLE_TEACHER", "ROLE_TEACHER"], by: "root" })
        .then([
          { type: "AuthorityGranted", data: { authority: "ROLE_TEACHER", by: "root" } },
          { type: "AuthorityRevoked", data: { authority: "ROLE_USER", by: "root" } },
        ]);
    });
  });

  describe("authorities of oneself", () => {
    it("does not let an administrator take ROLE_ADMIN away from themselves", () => {
      given([registered])
        .when({ type: "SetAuthorities", authorities: ["ROLE_USER"], by: "maria" })
        .thenThrows(accountErrors.selfDemotion, "forbidden");
      given([registered])
        .when({ type: "SetAuthorities", authorities: ["ROLE_ADMIN", "ROLE_USER", "ROLE_TEACHER"], by: "maria" })
        .then([{ type: "AuthorityGranted", data: { authority: "ROLE_TEACHER", by: "maria" } }]);
    });
  });

  describe("sign-in", () => {
    it("signs in with the right password", () => {
      given([registered])
        .when(signIn(true))
        .then([{ type: "SignedIn", data: { login: "maria", ip: "10.0.0.1", at: now.toISOString() } }]);
    });

    it("records a failure for a wrong password", () => {
      given([registered])
        .when(signIn(false))
        .then([failed(now)]);
    });

    it("records a failure for a deactivated account even with the right password", () => {
      given([registered, { type: "AccountDeactivated", data: { by: "root" } }])
        .when(signIn(true))
        .then([
          {
            type: "SignInFailed",
            data: { login: "maria", ip: "10.0.0.1", at: now.toISOString(), reason: "not_activated" },
          },
        ]);
    });

    // Five wrong guesses a second apart from 10.0.0.1: the pair's free failures.
    const failures = Array.from({ length: SIGN_IN_LIMITS.freeFailuresPerPair }, (_, i) => failed(later(i * 1000)));
    const lastFailure = later(4000);

    it("makes the pair wait a second after its free failures, even with the right password", () => {
      given([registered, ...failures])
        .when(signIn(true, later(4500)))
        .then([failed(later(4500), "rate_limited")]);
      given([registered, ...failures])
        .when(signIn(true, later(5000)))
        .then([signedIn(later(5000))]);
    });

    it("doubles the wait after each further failure of the pair", () => {
      const sixth = failed(later(5000));
      given([registered, ...failures, sixth])
        .when(signIn(true, later(6999)))
        .then([failed(later(6999), "rate_limited")]);
      given([registered, ...failures, sixth])
        .when(signIn(true, later(7000)))
        .then([signedIn(later(7000))]);
    });

    it("lets the owner in from another address while a stranger's guesses wait", () => {
      const strangers = Array.from({ length: 12 }, (_, i) => failed(later(i * 100), "bad_credentials", "203.0.113.9"));
      given([registered, ...strangers])
        .when(signIn(true, later(1300), { count: 0 }, "10.0.0.1"))
        .then([signedIn(later(1300))]);
      given([registered, ...strangers])
        .when(signIn(true, later(1300), { count: 0 }, "203.0.113.9"))
        .then([failed(later(1300), "rate_limited", "203.0.113.9")]);
    });

    it("forgets a pair's failures once they are older than the window", () => {
      given([registered, ...failures, failed(later(5000)), failed(later(7000)), failed(later(11_000))])
        .when(signIn(true, later(SIGN_IN_LIMITS.windowMs + 1000)))
        .then([signedIn(later(SIGN_IN_LIMITS.windowMs + 1000))]);
    });

    it("refuses while the address waits after too many failures on any account", () => {
      const address = { count: SIGN_IN_LIMITS.freeFailuresPerAddress, last: lastFailure.toISOString() };
      given([registered])
        .when(signIn(true, later(4500), address))
        .then([failed(later(4500), "rate_limited")]);
      given([registered])
        .when(signIn(true, later(5000), address))
        .then([signedIn(later(5000))]);
    });

    it("forgets a pair's earlier failures after it signs in, not other addresses'", () => {
      const history: AdminEvent[] = [
        registered,
        ...failures,
        ...failures.map((event) => ({ ...event, data: { ...event.data, ip: "10.0.0.2" } }) as AdminEvent),
        signedIn(later(5000)),
        failed(later(6000)),
      ];
      given(history)
        .when(signIn(true, later(6000)))
        .then([signedIn(later(6000))]);
      given(history)
        .when(signIn(true, later(4500), { count: 0 }, "10.0.0.2"))
        .then([failed(later(4500), "rate_limited", "10.0.0.2")]);
    });
  });

  describe("sessions", () => {
    const generation = (history: AdminEvent[]) => {
      const state = stateFrom(adminAccountDecider, history);
      return state.status === "unregistered" ? undefined : state.account.sessionGeneration;
    };

    it("starts a new generation of tokens on a password change, a reset, a deactivation and on request", () => {
      expect(generation([registered])).toBe(0);
      expect(
        generation([registered, { type: "PasswordChanged", data: { passwordHash: hash("x"), by: "maria" } }]),
      ).toBe(1);
      expect(
        generation([
          registered,
          resetRequested,
          { type: "PasswordResetCompleted", data: { keyDigest: digest, passwordHash: hash("new") } },
        ]),
      ).toBe(1);
      const deactivated: AdminEvent[] = [
        registered,
        { type: "AccountDeactivated", data: { by: "root" } },
        { type: "AccountActivated", data: { by: "root" } },
      ];
      expect(generation(deactivated)).toBe(1);
      expect(generation([registered, signedIn(now), { type: "ProfileChanged", data: { changes: {}, by: "m" } }])).toBe(
        0,
      );
    });

    it("ends the other sessions when the owner asks", () => {
      given([registered])
        .when({ type: "RevokeSessions", by: "maria" })
        .then([{ type: "SessionsRevoked", data: { by: "maria" } }]);
      expect(generation([registered, { type: "SessionsRevoked", data: { by: "maria" } }])).toBe(1);
    });
  });

  describe("reset e-mails", () => {
    it(`sends at most one every ${RESET_MAIL_INTERVAL_MS / 60_000} minutes per account`, () => {
      given([registered, resetRequested])
        .when({ type: "RequestPasswordReset", keyDigest: otherDigest, now: later(RESET_MAIL_INTERVAL_MS - 1) })
        .then([]);
      given([registered, resetRequested])
        .when({ type: "RequestPasswordReset", keyDigest: otherDigest, now: later(RESET_MAIL_INTERVAL_MS) })
        .then([
          {
            type: "PasswordResetRequested",
            data: {
              keyDigest: otherDigest,
              expiresAt: later(RESET_MAIL_INTERVAL_MS + RESET_KEY_LIFETIME_MS).toISOString(),
            },
          },
        ]);
    });
  });

  describe("deletion", () => {
    it("deletes another account, which then refuses every command", () => {
      given([registered])
        .when({ type: "DeleteAccount", by: "root" })
        .then([{ type: "AccountDeleted", data: { by: "root" } }]);
      const deleted: AdminEvent[] = [registered, { type: "AccountDeleted", data: { by: "root" } }];
      expect(stateFrom(adminAccountDecider, deleted).status).toBe("deleted");
      given(deleted).when(signIn(true)).thenThrows(accountErrors.deleted);
    });

    it("does not let an administrator delete themselves", () => {
      given([registered])
        .when({ type: "DeleteAccount", by: "maria" })
        .thenThrows(accountErrors.selfDeletion, "forbidden");
    });
  });
});

describe("sign-in with a login no account has", () => {
  it("fails as an unknown account, or as rate-limited exactly when a known account's pair would be", () => {
    const none = { pair: { count: 0 }, address: { count: 0 } };
    expect(signInOfUnknownAccount("ghost", "10.0.0.2", now, none).data).toEqual({
      login: "ghost",
      ip: "10.0.0.2",
      at: now.toISOString(),
      reason: "unknown_account",
    });
    const pair = { count: SIGN_IN_LIMITS.freeFailuresPerPair, last: later(-500).toISOString() };
    expect(signInOfUnknownAccount("ghost", "10.0.0.2", now, { ...none, pair }).data).toMatchObject({
      reason: "rate_limited",
    });
  });
});

describe("sign-in waits", () => {
  const at = (ms: number) => later(ms).toISOString();
  it("grow from one second to five minutes, and none before the free failures are used", () => {
    const free = SIGN_IN_LIMITS.freeFailuresPerPair;
    expect(signInWaitMs({ count: free - 1, last: at(0) }, { count: 0 }, now)).toBe(0);
    expect(signInWaitMs({ count: free, last: at(0) }, { count: 0 }, now)).toBe(1000);
    expect(signInWaitMs({ count: free + 3, last: at(0) }, { count: 0 }, now)).toBe(8000);
    expect(signInWaitMs({ count: free + 30, last: at(0) }, { count: 0 }, now)).toBe(SIGN_IN_LIMITS.maxDelayMs);
    expect(signInWaitMs({ count: free, last: at(-400) }, { count: 0 }, now)).toBe(600);
    const address = SIGN_IN_LIMITS.freeFailuresPerAddress;
    expect(signInWaitMs({ count: 0 }, { count: address + 1, last: at(0) }, now)).toBe(2000);
  });
});
