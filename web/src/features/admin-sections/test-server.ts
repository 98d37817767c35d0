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

/** A page of `items` as the back office's lists answer it: the slice asked for, the total in `X-Total-Count`. */
export const pageOf = <T>(items: T[], query: URLSearchParams) => {
  const page = Number(query.get("page"));
  const size = Number(query.get("size"));
  return json(items.slice(page * size, (page + 1) * size), { headers: { "X-Total-Count": String(items.length) } });
};
