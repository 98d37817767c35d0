import { json } from "../../test/fake-api";

/** The signed-in administrator every screen of /gerencia needs. */
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

/** A page of `items` as the catalog lists answer it: the slice asked for, and the total in `X-Total-Count`. */
export const pageOf = <T>(items: T[], query: URLSearchParams) => {
  const page = Number(query.get("page"));
  const size = Number(query.get("size"));
  return json(items.slice(page * size, (page + 1) * size), { headers: { "X-Total-Count": String(items.length) } });
};

/** A response that arrives only when the test says so, to look at the loading state. */
export const deferred = () => {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
};
