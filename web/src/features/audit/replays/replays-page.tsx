import { LESSON_CONTROL_PROJECTION, type ReplayView, replayScreensOf } from "@el/domain/audit/replays";
import { localDateOf } from "@el/domain/lessons/sao-paulo-time";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Empty } from "../../../components/status/empty";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { LiveFeedProvider, useLiveFeed } from "../../../lib/socket";
import { useResource } from "../../../lib/use-resource";
import { deleteReplay, listReplayableProjections, listReplays, startReplay } from "../api/replays-api";
import { formatInstant, instantOfLocal } from "../sao-paulo-instant";
import "../audit.css";

/** The last minute of last month on São Paulo's wall clock, as a `datetime-local` value. */
export const lastMonthEnd = (now: Date) => {
  const [year, month] = localDateOf(now).split("-").map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month - 1, 0));
  return `${lastDay.toISOString().slice(0, 10)}T23:59`;
};

/** How far a replay got: a finished one is ahead of any running state of it, then the more events the further. */
const rank = (replay: ReplayView) => (replay.status === "running" ? 0 : 1) * 1e15 + replay.replayed;

/** The words of a link to a screen that reads a replay, by the screen's path (its query left out). */
const SCREEN_LABELS: Readonly<Record<string, string>> = {
  "/gerencia/aluno": "audit.replays.screens.students",
  "/gerencia/professor": "audit.replays.screens.teachers",
  "/gerencia/compra": "audit.replays.screens.purchases",
};
const screenLabel = (screen: string) => SCREEN_LABELS[screen.split("?")[0] ?? ""] ?? "audit.replays.open";

/**
 * /auditoria/replays: rebuild a read model as it stood at an instant (no pushes, e-mails or payments come out
 * of it), follow its progress live (`replay:progress`), and once done open the screens that read it (the
 * lesson control of the moment, the back-office lists with `?replay=`), or read that none does.
 */
export const ReplaysPage = () => (
  <LiveFeedProvider>
    <Replays />
  </LiveFeedProvider>
);

const Replays = () => {
  const { t } = useTranslation();
  const projections = useResource(listReplayableProjections, "projections");
  const replays = useResource(listReplays, "replays");
  const [pushed, setPushed] = useState<Record<string, ReplayView>>({});
  const feed = useLiveFeed();
  const { reload } = replays;
  useEffect(
    () => feed?.subscribe("replay:progress", (replay) => setPushed((known) => ({ ...known, [replay.id]: replay }))),
    [feed],
  );
  useEffect(() => feed?.onReconnect(reload), [feed, reload]);

  const [projection, setProjection] = useState(LESSON_CONTROL_PROJECTION);
  const [at, setAt] = useState(() => lastMonthEnd(new Date()));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const instant = instantOfLocal(at);

  const start = async () => {
    setTouched(true);
    if (!instant) return;
    setBusy(true);
    setFailure(null);
    try {
      await startReplay(projection, instant);
      reload();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string) => {
    setFailure(null);
    try {
      await deleteReplay(id);
      reload();
    } catch (error) {
      setFailure(error);
    }
  };

  const shown =
    replays.status === "ready"
      ? replays.data.map((replay) => {
          const live = pushed[replay.id];
          return live && rank(live) >= rank(replay) ? live : replay;
        })
      : [];

  return (
    <section className="card audit-replays" aria-labelledby="audit-replays-title">
      <h2 id="audit-replays-title">{t("audit.replays.title")}</h2>
      <p>{t("audit.replays.intro")}</p>
      <form
        className="audit-filters"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <div className="form-field">
          <label htmlFor="replay-projection">{t("audit.replays.projection")}</label>
          <select id="replay-projection" value={projection} onChange={(event) => setProjection(event.target.value)}>
            {(projections.status === "ready" ? projections.data : [LESSON_CONTROL_PROJECTION]).map((name) => (
              <option key={name} value={name}>
                {replayScreensOf(name, "").length > 0 ? name : t("audit.replays.noScreenOption", { name })}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="replay-at">{t("audit.replays.at")}</label>
          <input
            id="replay-at"
            type="datetime-local"
            value={at}
            aria-invalid={touched && !instant}
            onChange={(event) => setAt(event.target.value)}
          />
        </div>
        <div className="form-field">
          <button type="button" className="btn btn-secondary" onClick={() => setAt(lastMonthEnd(new Date()))}>
            {t("audit.replays.lastMonthEnd")}
          </button>
        </div>
        <div className="form-field">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t("audit.replays.start")}
          </button>
        </div>
      </form>
      {touched && !instant && <p className="field-error">{t("audit.replays.error.at")}</p>}
      {failure !== null && <ErrorAlert error={failure} />}
      {replays.status === "loading" && <Loading />}
      {replays.status === "failed" && <ErrorAlert error={replays.error} />}
      {replays.status === "ready" && shown.length === 0 && <Empty>{t("audit.replays.empty")}</Empty>}
      {shown.length > 0 && (
        <div className="table-wrapper">
          <table className="table" aria-label={t("audit.replays.title")}>
            <thead>
              <tr>
                <th>{t("audit.replays.column.projection")}</th>
                <th>{t("audit.replays.column.at")}</th>
                <th>{t("audit.replays.column.status")}</th>
                <th>{t("audit.replays.column.progress")}</th>
                <th>{t("audit.replays.expiresAt")}</th>
                <th>{t("audit.replays.column.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((replay) => (
                <tr key={replay.id}>
                  <td>{replay.projection}</td>
                  <td>{formatInstant(replay.at)}</td>
                  <td>
                    {t(`audit.replays.status.${replay.status}`)}
                    {replay.error && <span className="field-error"> {replay.error}</span>}
                  </td>
                  <td>
                    <progress value={replay.replayed} max={Math.max(replay.total, replay.replayed, 1)} />{" "}
                    {t("audit.replays.progress", { replayed: replay.replayed, total: replay.total })}
                  </td>
                  <td>{formatInstant(replay.expiresAt)}</td>
                  <td>
                    {replay.status === "done" &&
                      replay.screens.map((screen) => (
                        <Link key={screen} to={screen} className="audit-replay-screen">
                          {t(screenLabel(screen))}
                        </Link>
                      ))}
                    {replay.status === "done" && replay.screens.length === 0 && (
                      <span className="audit-replay-no-screen">{t("audit.replays.noScreen")}</span>
                    )}{" "}
                    <button type="button" className="btn btn-link" onClick={() => void remove(replay.id)}>
                      {t("audit.replays.delete")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
};
