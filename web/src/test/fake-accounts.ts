import { json } from "./fake-api";

/** The signed-in administrator every screen of /gerencia needs, as `api/account` answers. */
export const adminAccount = () =>
  json({
    id: 1,
    login: "admin@example.com",
    firstName: "Admin",
    lastName: "Silva",
    email: "admin@example.com",
    activated: true,
    langKey: "pt-br",
    authorities: ["ROLE_USER", "ROLE_ADMIN"],
  });

/** A signed-in student, who may not see the back office, as `api/account` answers. */
export const studentAccount = () =>
  json({
    id: 5,
    login: "ana@example.com",
    firstName: "Ana",
    lastName: "Souza",
    email: "ana@example.com",
    activated: true,
    langKey: "pt-br",
    authorities: ["ROLE_USER", "ROLE_STUDENT"],
    balance: 3,
  });
