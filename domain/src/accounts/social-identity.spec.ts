import { describe, it } from "vitest";
import { specFor } from "../shared/spec";
import { accountErrors } from "./account";
import { socialIdentityDecider, socialIdentityErrors } from "./social-identity";
import { type StudentEvent, studentAccountDecider } from "./student-account";

const given = specFor(studentAccountDecider);
const now = new Date("2026-11-24T19:00:00.000Z");
const google = { provider: "google", subject: "108234" } as const;
const registered: StudentEvent = {
  type: "StudentRegistered",
  data: {
    id: 7,
    login: "ana@example.com",
    email: "ana@example.com",
    firstName: "Ana",
    lastName: "Souza",
    phone: "(11)98765-4321",
    level: 1,
    objective: "TRAVEL",
    seen: "SITE",
    langKey: "pt-br",
    passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$hash",
    registeredAt: "2026-11-01T12:00:00.000Z",
  },
};
const linked: StudentEvent = { type: "SocialAccountLinked", data: { ...google, at: now.toISOString() } };

describe("signing in with Google or Facebook", () => {
  it("links an identity once; linking it again changes nothing", () => {
    given([registered]).when({ type: "LinkSocialAccount", identity: google, now }).then([linked]);
    given([registered, linked]).when({ type: "LinkSocialAccount", identity: google, now }).then([]);
  });

  it("keeps the identity an account signs in with: another one of the same provider is refused", () => {
    given([registered, linked])
      .when({ type: "LinkSocialAccount", identity: { provider: "google", subject: "999" }, now })
      .thenThrows(accountErrors.otherSocialLink, "validation");
  });

  it("signs in through a linked identity only", () => {
    given([registered, linked])
      .when({ type: "SignInSocially", identity: google, ip: "10.0.0.1", now })
      .then([{ type: "SignedIn", data: { login: "ana@example.com", ip: "10.0.0.1", at: now.toISOString() } }]);
    given([registered])
      .when({ type: "SignInSocially", identity: google, ip: "10.0.0.1", now })
      .thenThrows(accountErrors.notLinked, "forbidden");
    given([registered, linked])
      .when({ type: "SignInSocially", identity: { provider: "facebook", subject: "108234" }, ip: "10.0.0.1", now })
      .thenThrows(accountErrors.notLinked, "forbidden");
  });

  it("does not sign a deactivated account in, even through its linked identity", () => {
    given([registered, linked, { type: "AccountDeactivated", data: { by: "admin" } }])
      .when({ type: "SignInSocially", identity: google, ip: "10.0.0.1", now })
      .then([
        {
          type: "SignInFailed",
          data: { login: "ana@example.com", ip: "10.0.0.1", at: now.toISOString(), reason: "not_activated" },
        },
      ]);
  });
});

describe("an identity belongs to one account", () => {
  const claim = specFor(socialIdentityDecider);
  it("is claimed by the first account and refused to any other", () => {
    claim([])
      .when({ type: "Reserve", owner: "student-7" })
      .then([{ type: "ReservationMade", data: { owner: "student-7" } }]);
    claim([{ type: "ReservationMade", data: { owner: "student-7" } }])
      .when({ type: "Reserve", owner: "student-8" })
      .thenThrows(socialIdentityErrors.linkedElsewhere, "validation");
  });
});
