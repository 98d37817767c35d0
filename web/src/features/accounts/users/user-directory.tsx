import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { HistoryLink } from "../../../components/audit/history-link";
import { ReplayBanner, useReplayParam } from "../../../components/audit/replay-banner";
import { ActivationBadge } from "../../../components/list/activation-badge";
import { ListHeading } from "../../../components/list/list-heading";
import { SearchBox } from "../../../components/list/search-box";
import { SortableHeader } from "../../../components/list/sortable-header";
import { Pagination } from "../../../components/pagination/pagination";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { getAllUsers, type UserKind } from "../api/get-users";
import { updateUser } from "../api/save-user";
import { fullName, type User } from "../api/user";
import { UserRowActions } from "./user-row-actions";

export interface Column {
  key: string;
  label: string;
  value: (user: User) => string | number;
  render?: (user: User) => ReactNode;
}

/** A choice beside the search that narrows the list (the students' level), kept in the URL as `param`. */
export interface DirectoryFilter {
  param: string;
  label: string;
  /** The option that narrows nothing. */
  anyLabel: string;
  options: { value: string; label: string }[];
  matches: (user: User, value: string) => boolean;
}

const PAGE_SIZE = 20;

const normalise = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * `search=text&sort=column,order&page=N` (N from 1): kept in the URL so that a form opened from a row
 * returns to the very search, order and page it left.
 */
const readDirectoryParams = (params: URLSearchParams) => {
  const [key, order] = (params.get("sort") ?? "").split(",");
  const page = Number(params.get("page"));
  return {
    query: params.get("search") ?? "",
    sort: { key: key || "name", order: order === "desc" ? ("desc" as const) : ("asc" as const) },
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
  };
};

/**
 * Teachers or students: the whole list is fetched once (spec section 7) and searched by name, sorted
 * by any column and paged in the browser. The badge toggles activation through `PUT api/users`; each
 * row links to its view and edit screens. With `?replay=<id>` it is the list as it stood at
 * that replay's moment, read-only: a banner says so, and nothing that writes is offered.
 */
export const UserDirectory = ({
  kind,
  title,
  createLabel,
  columns,
  badgeLabels,
  actions,
  filter,
}: {
  kind: UserKind;
  title: string;
  createLabel: string;
  columns: Column[];
  badgeLabels?: (user: User) => { on: string; off: string };
  actions?: (user: User, reload: () => void) => ReactNode;
  filter?: DirectoryFilter;
}) => {
  const { t } = useTranslation();
  const replay = useReplayParam();
  const users = useResource(() => getAllUsers(kind, replay), `${kind}|${replay ?? ""}`);
  const [params, setParams] = useSearchParams();
  const { query, sort, page } = readDirectoryParams(params);
  const chosen = filter ? (params.get(filter.param) ?? "") : "";
  const go = (next: { query?: string; sort?: typeof sort; page?: number; chosen?: string }, replace = false) => {
    const wanted = { query, sort, page, chosen, ...next };
    const written = new URLSearchParams();
    if (replay) written.set("replay", replay);
    if (wanted.query) written.set("search", wanted.query);
    if (filter && wanted.chosen) written.set(filter.param, wanted.chosen);
    written.set("sort", `${wanted.sort.key},${wanted.sort.order}`);
    written.set("page", String(wanted.page + 1));
    setParams(written, { replace });
  };
  const toggle = useMutation(async (user: User) => {
    await updateUser({ ...user, activated: !user.activated }, user);
    users.reload();
  });

  const allColumns: Column[] = useMemo(
    () => [{ key: "name", label: t("gerencia.users.name"), value: fullName }, ...columns],
    [columns, t],
  );
  const rows = useMemo(() => {
    if (users.status !== "ready") return [];
    const wanted = normalise(query.trim());
    const column = allColumns.find((candidate) => candidate.key === sort.key) ?? allColumns[0];
    const found = users.data.filter(
      (user) => normalise(fullName(user)).includes(wanted) && (!filter || !chosen || filter.matches(user, chosen)),
    );
    const direction = sort.order === "asc" ? 1 : -1;
    return [...found].sort((a, b) => {
      const left = column?.value(a) ?? "";
      const right = column?.value(b) ?? "";
      if (typeof left === "number" && typeof right === "number") return (left - right) * direction;
      return String(left).localeCompare(String(right), "pt-BR") * direction;
    });
  }, [users, query, sort, allColumns, filter, chosen]);
  const shown = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);

  const sortBy = (key: string) =>
    go({ sort: { key, order: sort.key === key && sort.order === "asc" ? "desc" : "asc" }, page: 0 });

  return (
    <section>
      {replay && <ReplayBanner replay={replay} />}
      <ListHeading title={title} createLabel={replay ? undefined : createLabel} />
      <SearchBox
        label={t("gerencia.users.search")}
        text={query}
        // Each keystroke replaces the entry, so Back leaves the list rather than undoing letters.
        onSearch={(text) => go({ query: text, page: 0 }, true)}
      />
      {filter && (
        <div className="form-field">
          <label htmlFor={`filter-${filter.param}`}>{filter.label}</label>
          <select
            id={`filter-${filter.param}`}
            value={chosen}
            onChange={(event) => go({ chosen: event.target.value, page: 0 })}
          >
            <option value="">{filter.anyLabel}</option>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
      {toggle.status === "error" && <ErrorAlert error={toggle.error} />}
      {users.status === "loading" && <Loading />}
      {users.status === "failed" && <ErrorAlert error={users.error} />}
      {users.status === "ready" && rows.length === 0 && <Empty>{t("gerencia.users.empty")}</Empty>}
      {rows.length > 0 && (
        <>
          <div className="table-wrapper">
            <table className="table">
              <thead>
                <tr>
                  {allColumns.map((column) => (
                    <SortableHeader
                      key={column.key}
                      label={column.label}
                      order={sort.key === column.key ? sort.order : undefined}
                      onSort={() => sortBy(column.key)}
                    />
                  ))}
                  <th>{t("gerencia.users.activated")}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {shown.map((user) => (
                  <tr key={user.id}>
                    {allColumns.map((column) => (
                      <td key={column.key}>{column.render ? column.render(user) : column.value(user)}</td>
                    ))}
                    <td>
                      {replay ? (
                        <ActivationText activated={user.activated} labels={badgeLabels?.(user)} />
                      ) : (
                        <ActivationBadge
                          activated={user.activated}
                          labels={badgeLabels?.(user)}
                          disabled={toggle.status === "running"}
                          onToggle={() => toggle.run(user)}
                        />
                      )}
                    </td>
                    <td>
                      {replay ? (
                        <HistoryLink of={{ user }} />
                      ) : (
                        <UserRowActions user={user}>{actions?.(user, users.reload)}</UserRowActions>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            totalItems={rows.length}
            pageSize={PAGE_SIZE}
            maxButtons={5}
            onPage={(index) => go({ page: index })}
          />
        </>
      )}
    </section>
  );
};

/** Activation as read from a replay: the badge's words, not a button. */
const ActivationText = ({
  activated,
  labels = { on: "gerencia.users.activatedBadge", off: "gerencia.users.deactivatedBadge" },
}: {
  activated: boolean;
  labels?: { on: string; off: string };
}) => {
  const { t } = useTranslation();
  return (
    <span className={`badge ${activated ? "badge-success" : "badge-danger"}`}>
      {t(activated ? labels.on : labels.off)}
    </span>
  );
};
