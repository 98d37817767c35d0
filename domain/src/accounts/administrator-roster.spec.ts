import { describe, expect, it } from "vitest";
import { DomainError } from "../shared/errors";
import { type AccountCore, newAccountCore } from "./account";
import { administratorLeaving, lastAdministratorError } from "./administrator-roster";

const account = (id: number, changes: Partial<AccountCore> = {}): AccountCore => ({
  ...newAccountCore({
    id,
    login: `admin${id}`,
    passwordHash: "$argon2id$hash",
    activated: true,
    authorities: ["ROLE_ADMIN", "ROLE_USER"],
    profile: { email: `admin${id}@example.com` },
  }),
  ...changes,
});
const maria = account(1);
const joao = account(2);
const demoted = (core: AccountCore): AccountCore => ({ ...core, authorities: ["ROLE_USER", "ROLE_AUDITOR"] });

describe("keeping an active administrator", () => {
  it("given another active administrator, when one loses the role, then the roster records who is left", () => {
    expect(administratorLeaving({ before: joao, after: demoted(joao), by: "admin1" }, [maria, joao])).toEqual([
      { type: "AdministratorLeft", data: { userId: 2, remaining: 1, by: "admin1" } },
    ]);
  });

  it("given no other active administrator, when the last one loses the role, is deactivated or deleted, then it is refused", () => {
    const others = [joao, account(3, { activated: false }), account(4, { deleted: true }), demoted(account(5))];
    for (const after of [demoted(maria), { ...maria, activated: false }, { ...maria, deleted: true }]) {
      let caught: unknown;
      try {
        administratorLeaving({ before: maria, after, by: "admin2" }, others.slice(1).concat(maria));
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DomainError);
      expect((caught as DomainError).messageKey).toBe(lastAdministratorError);
      expect((caught as DomainError).httpStatus).toBe(400);
    }
  });

  it("given a change that keeps the role, or an account that did not administer, then the roster is left alone", () => {
    expect(
      administratorLeaving({ before: maria, after: { ...maria, firstName: "x" } as AccountCore, by: "a" }, []),
    ).toEqual([]);
    const auditor = demoted(account(6));
    expect(administratorLeaving({ before: auditor, after: { ...auditor, activated: false }, by: "a" }, [])).toEqual([]);
  });
});
