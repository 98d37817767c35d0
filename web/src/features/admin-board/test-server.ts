import { json } from "../../test/fake-api";

/** The signed-in administrator /gerencia needs, as `api/account` answers. */
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

/** A response that arrives only when the test says so, to look at the loading state. */
export const deferred = () => {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
};
