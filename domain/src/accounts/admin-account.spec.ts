import { describe, it } from "vitest";
import { specFor } from "../shared/spec";
import { accountErrors } from "./account";
import { type AdministratorRegistered, adminAccountDecider } from "./admin-account";

const given = specFor(adminAccountDecider);
const registration: AdministratorRegistered = {
  id: 7,
  login: "joao",
  email: "joao@example.com",
  firstName: "João",
  lastName: null,
  imageUrl: null,
  langKey: "pt-br",
  passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
  authorities: [],
  registeredAt: "2026-03-01T12:00:00.000Z",
  registeredBy: "admin",
};

describe("administrator account", () => {
  it("holds the roles asked for, with ROLE_USER: an auditor is not an administrator", () => {
    given([])
      .when({ type: "RegisterAdministrator", ...registration, authorities: ["ROLE_AUDITOR"] })
      .then([
        { type: "AdministratorRegistered", data: { ...registration, authorities: ["ROLE_USER", "ROLE_AUDITOR"] } },
      ]);
  });

  it("administers when no role was asked for", () => {
    given([])
      .when({ type: "RegisterAdministrator", ...registration, authorities: ["ROLE_USER"] })
      .then([{ type: "AdministratorRegistered", data: { ...registration, authorities: ["ROLE_ADMIN", "ROLE_USER"] } }]);
  });

  it("refuses a login already taken", () => {
    given([{ type: "AdministratorRegistered", data: { ...registration, authorities: ["ROLE_ADMIN"] } }])
      .when({ type: "RegisterAdministrator", ...registration })
      .thenThrows(accountErrors.loginExists, "validation");
  });

  it("refuses commands for an administrator who does not exist", () => {
    given([])
      .when({ type: "SetActivated", activated: false, by: "admin" })
      .thenThrows(accountErrors.notRegistered, "not_found");
  });
});
