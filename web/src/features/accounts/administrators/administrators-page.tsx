import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation, useSearchParams } from "react-router-dom";
import { ActivationBadge } from "../../../components/list/activation-badge";
import { ListHeading } from "../../../components/list/list-heading";
import { SortableHeader } from "../../../components/list/sortable-header";
import { Pagination } from "../../../components/pagination/pagination";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useSession } from "../../../lib/session/session-provider";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { getUsers } from "../api/get-users";
import { updateUser } from "../api/save-user";
import type { User } from "../api/user";
import { formatDate } from "../users/format-date";
import { UserRowActions } from "../users/user-row-actions";

export const PAGE_SIZE = 20;
const SORTABLE = ["login", "email", "createdDate", "lastModifiedBy", "lastModifiedDate"] as const;

/**
 * The URL carries `page=N&sort=field,order` (N from 1); the sort is read only when both are present
 * (spec section 2). The API pages from 0.
 */
const readListParams = (search: URLSearchParams) => {
  const page = Number(search.get("page"));
  const [field, order] = (search.get("sort") ?? "").split(",");
  const valid = search.has("page") && search.has("sort") && Number.isInteger(page) && page >= 1;
  if (!valid || !field) return { page: 1, field: "id", order: "asc" as const };
  return { page, field, order: order === "desc" ? ("desc" as const) : ("asc" as const) };
};

/** /gerencia/administrador: the administrators, sortable and paged; rows view, edit, delete. */
export const AdministratorsPage = () => {
  const { t } = useTranslation();
  const { account } = useSession();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const { page, field, order } = readListParams(search);
  const list = useResource(
    () => getUsers("admin", { page: page - 1, size: PAGE_SIZE, sort: `${field},${order}` }),
    `${page}|${field}|${order}`,
  );
  const toggle = useMutation(async (user: User) => {
    await updateUser({ ...user, activated: !user.activated }, user);
    list.reload();
  });

  const go = (next: { page?: number; field?: string; order?: "asc" | "desc" }) =>
    setSearch({
      page: String(next.page ?? page),
      sort: `${next.field ?? field},${next.order ?? order}`,
    });
  const sortBy = (column: string) =>
    go({ page: 1, field: column, order: column === field && order === "asc" ? "desc" : "asc" });

  return (
    <section>
      <ListHeading title={t("gerencia.administrators.title")} createLabel={t("gerencia.administrators.create")} />
      {toggle.status === "error" && <ErrorAlert error={toggle.error} />}
      {list.status === "loading" && <Loading />}
      {list.status === "failed" && <ErrorAlert error={list.error} />}
      {list.status === "ready" && list.data.users.length === 0 && <Empty>{t("gerencia.administrators.empty")}</Empty>}
      {list.status === "ready" && list.data.users.length > 0 && (
        <>
          <div className="table-wrapper">
            <table className="table">
              <thead>
                <tr>
                  <th>ID</th>
                  {SORTABLE.map((column) => (
                    <SortableHeader
                      key={column}
                      label={t(`gerencia.users.${column}`)}
                      order={column === field ? order : undefined}
                      onSort={() => sortBy(column)}
                    />
                  ))}
                  <th>{t("gerencia.users.activated")}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {list.data.users.map((user) => (
                  <tr key={user.id}>
                    <td>{user.id}</td>
                    <td>{user.login}</td>
                    <td>{user.email}</td>
                    <td>{formatDate(user.createdDate)}</td>
                    <td>{user.lastModifiedBy}</td>
                    <td>{formatDate(user.lastModifiedDate)}</td>
                    <td>
                      <ActivationBadge
                        activated={user.activated}
                        // The server refuses self-deactivation with a 403, which would also end the session.
                        disabled={toggle.status === "running" || account?.login === user.login}
                        onToggle={() => toggle.run(user)}
                      />
                    </td>
                    <td>
                      <UserRowActions user={user}>
                        {account?.login === user.login ? (
                          <button type="button" className="btn btn-small btn-danger" disabled>
                            {t("gerencia.actions.delete")}
                          </button>
                        ) : (
                          <Link
                            to={`${encodeURIComponent(user.login)}/delete${location.search}`}
                            className="btn btn-small btn-danger"
                          >
                            {t("gerencia.actions.delete")}
                          </Link>
                        )}
                      </UserRowActions>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page - 1}
            totalItems={list.data.total}
            pageSize={PAGE_SIZE}
            maxButtons={5}
            onPage={(index) => go({ page: index + 1 })}
          />
        </>
      )}
      <Outlet context={{ reload: list.reload }} />
    </section>
  );
};
