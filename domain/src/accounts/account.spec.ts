import { describe, expect, it } from "vitest";
import { stateFrom } from "../shared/decider";
import { specFor } from "../shared/spec";
import {
  type AccountEvent,
  accountErrors,
  MAX_SIGN_IN_FAILURES,
  RESET_KEY_LIFETIME_MS,
  signInOfUnknownAccount,
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
const failed = (at: Date, reason: "bad_credentials" | "rate_limited" = "bad_credentials"): AccountEvent => ({
  type: "SignInFailed",
  data: { login: "maria", ip: "10.0.0.1", at: at.toISOString(), reason },
});
const signIn = (passwordVerified: boolean, at = now, ipRecentFailures = 0) =>
  ({ type: "SignIn", passwordVerified, ip: "10.0.0.1", now: at, ipRecentFailures }) as const;

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

    const failures = Array.from({ length: MAX_SIGN_IN_FAILURES }, (_, i) => failed(later(i * 1000)));

    it(`refuses even the right password after ${MAX_SIGN_IN_FAILURES} failures within a minute`, () => {
      given([registered, ...failures])
        .when(signIn(true, later(10_000)))
        .then([failed(later(10_000), "rate_limited")]);
    });

    it("lets the account try again once the oldest failure is a minute old", () => {
      given([registered, ...failures, failed(later(10_000), "rate_limited")])
        .when(signIn(true, later(60_000)))
        .then([{ type: "SignedIn", data: { login: "maria", ip: "10.0.0.1", at: later(60_000).toISOString() } }]);
    });

    it("refuses when the address has too many recent failures on any account", () => {
      given([registered])
        .when(signIn(true, now, MAX_SIGN_IN_FAILURES))
        .then([failed(now, "rate_limited")]);
    });

    it("forgets earlier failures after a successful sign-in", () => {
      const history: AdminEvent[] = [
        registered,
        ...failures.slice(1),
        { type: "SignedIn", data: { login: "maria", ip: "10.0.0.1", at: later(5000).toISOString() } },
        failed(later(6000)),
      ];
      given(history)
        .when(signIn(true, later(7000)))
        .then([{ type: "SignedIn", data: { login: "maria", ip: "10.0.0.1", at: later(7000).toISOString() } }]);
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
  it("fails as an unknown account, or as rate-limited once the address failed too often", () => {
    expect(signInOfUnknownAccount("ghost", "10.0.0.2", now, 0).data).toEqual({
      login: "ghost",
      ip: "10.0.0.2",
      at: now.toISOString(),
      reason: "unknown_account",
    });
    expect(signInOfUnknownAccount("ghost", "10.0.0.2", now, MAX_SIGN_IN_FAILURES).data).toMatchObject({
      reason: "rate_limited",
    });
  });
});
