import {
  BOARD_COLUMNS,
  BOARD_DEFAULT_DAYS,
  BOARD_DEFAULT_WAITING_ALERT_MINUTES,
  type BoardCard,
  boardColumnsOf,
  boardCountersOf,
  isWaitingTooLong,
} from "@el/domain/lessons/board-view";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { HistoryLink } from "../../../components/audit/history-link";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { formatDay, formatEndTime, formatTime } from "../../../lib/lessons/lesson-time";
import { LiveFeedProvider, useLiveFeed } from "../../../lib/socket";
import { useResource } from "../../../lib/use-resource";
import { fetchTeachers } from "../api/board-api";
import { boardMachine } from "./board.machine";
import "./board.css";

const DAY_CHOICES = [1, 3, 7, 14] as const;
/** Where the administrator's choice of minutes is kept in this browser. */
export const WAITING_ALERT_KEY = "lesson-board-waiting-alert-minutes";

const storedMinutes = () => {
  const stored = Number(localStorage.getItem(WAITING_ALERT_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : BOARD_DEFAULT_WAITING_ALERT_MINUTES;
};

/** The page's clock: columns and waiting times follow it, a lesson moves to "in progress" at its hour. */
const useNow = (everyMs = 30_000) => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
};

/** "12 min", "2 h 05 min". */
const waitedFor = (since: string, now: Date) => {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / 60_000));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
};

const AssignTeacher = ({
  card,
  busy,
  onAssign,
  onClose,
}: {
  card: BoardCard;
  busy: boolean;
  onAssign: (teacherId: number) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const teachers = useResource(fetchTeachers, "teachers");
  const [teacherId, setTeacherId] = useState("");
  const selectId = `board-assign-${card.id}`;
  if (teachers.status === "loading") return <Loading />;
  if (teachers.status === "failed") return <ErrorAlert error={teachers.error} />;
  return (
    <form
      className="board-assign"
      onSubmit={(event) => {
        event.preventDefault();
        if (teacherId) onAssign(Number(teacherId));
      }}
    >
      <label htmlFor={selectId}>{t("adminBoard.assign.teacher")}</label>
      <select id={selectId} value={teacherId} onChange={(event) => setTeacherId(event.target.value)} required>
        <option value="">{t("adminBoard.assign.choose")}</option>
        {teachers.data.map((teacher) => (
          <option key={teacher.id} value={teacher.id}>
            {teacher.name}
          </option>
        ))}
      </select>
      <div className="board-assign-actions">
        <button type="submit" className="btn btn-primary" disabled={!teacherId || busy}>
          {busy ? t("adminBoard.assign.assigning") : t("adminBoard.assign.confirm")}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t("adminBoard.assign.cancel")}
        </button>
      </div>
    </form>
  );
};

/** /gerencia/quadro: today's and the next days' lessons by state, moved live by `board:changed`. */
export const BoardPage = () => (
  // The back office has no connection of its own: the board opens one while it is shown.
  <LiveFeedProvider>
    <Board />
  </LiveFeedProvider>
);

const Board = () => {
  const { t } = useTranslation();
  const feed = useLiveFeed();
  const board = useActorRef(boardMachine, { input: { feed, days: BOARD_DEFAULT_DAYS } });
  const snapshot = useSelector(board, (state) => state);
  const now = useNow();
  const [alertMinutes, setAlertMinutes] = useState(storedMinutes);
  /** What the field shows while it is typed in; the highlight follows only whole minutes above zero. */
  const [minutesText, setMinutesText] = useState(() => String(alertMinutes));
  const [assigningCard, setAssigningCard] = useState<number | null>(null);
  const { cards, days, loadError, assigning, assigned, assignError } = snapshot.context;

  const chooseMinutes = (value: string) => {
    setMinutesText(value);
    const minutes = Number(value);
    if (!Number.isInteger(minutes) || minutes < 1) return;
    setAlertMinutes(minutes);
    localStorage.setItem(WAITING_ALERT_KEY, String(minutes));
  };

  const assignedCard = assigned ? cards.find((card) => card.id === assigned.lessonId) : undefined;
  const columns = boardColumnsOf(cards, now);
  const counters = boardCountersOf(columns);

  return (
    <section className="lesson-board" aria-labelledby="board-title">
      <h2 id="board-title">{t("adminBoard.title")}</h2>
      <div className="board-settings">
        <div className="form-field">
          <label htmlFor="board-days">{t("adminBoard.days")}</label>
          <select
            id="board-days"
            value={days}
            onChange={(event) => board.send({ type: "days.changed", days: Number(event.target.value) })}
          >
            {DAY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t("adminBoard.dayChoice", { count: choice })}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="board-alert">{t("adminBoard.alertMinutes")}</label>
          <input
            id="board-alert"
            type="number"
            min={1}
            step={1}
            value={minutesText}
            onChange={(event) => chooseMinutes(event.target.value)}
          />
        </div>
      </div>
      {snapshot.matches("loading") && <Loading />}
      {snapshot.matches("failed") && (
        <>
          <ErrorAlert error={loadError} />
          <button type="button" className="btn btn-primary" onClick={() => board.send({ type: "board.retry" })}>
            {t("adminBoard.retry")}
          </button>
        </>
      )}
      {snapshot.matches("ready") && (
        <>
          {assigned && (
            <div className="alert alert-success" role="status">
              {t("adminBoard.assign.done", { student: assignedCard?.student.name ?? "" })}
            </div>
          )}
          {assignError !== null && <ErrorAlert error={assignError} />}
          <ul className="board-counters" aria-label={t("adminBoard.counters")}>
            {BOARD_COLUMNS.map((column) => (
              <li key={column} className={`board-counter board-counter-${column}`}>
                <strong>{counters[column]}</strong> <span>{t(`adminBoard.columns.${column}`)}</span>
              </li>
            ))}
          </ul>
          <div className="board-columns">
            {BOARD_COLUMNS.map((column) => (
              <section key={column} className="board-column" aria-label={t(`adminBoard.columns.${column}`)}>
                <h3>
                  {t(`adminBoard.columns.${column}`)} <span className="board-column-count">{counters[column]}</span>
                </h3>
                {columns[column].length === 0 ? (
                  <p className="board-empty">{t("adminBoard.emptyColumn")}</p>
                ) : (
                  <ul className="board-cards">
                    {columns[column].map((card) => {
                      const late = isWaitingTooLong(card, now, alertMinutes);
                      return (
                        <li
                          key={card.id}
                          className={`card board-card${late ? " board-card-late" : ""}`}
                          data-lesson-id={card.id}
                          aria-label={t("adminBoard.cardLabel", { student: card.student.name, id: card.id })}
                        >
                          <strong>{card.student.name}</strong>
                          <span>
                            {card.level.name} · {card.trail.number} - {card.trail.title}
                          </span>
                          <span>
                            {formatDay(card.date)} {formatTime(card.date)} – {formatEndTime(card.date)}
                          </span>
                          <span>
                            {t("adminBoard.teacher")}: {card.teacher?.name ?? t("adminBoard.noTeacher")}
                          </span>
                          {card.status === "pending" && (
                            <span className="board-waiting">
                              {t("adminBoard.waitingFor", { time: waitedFor(card.waitingSince, now) })}
                              {late && ` · ${t("adminBoard.late")}`}
                            </span>
                          )}
                          {card.paid && <span className="badge badge-success">{t("adminBoard.paid")}</span>}
                          <HistoryLink of={{ lesson: card.id }} className="btn btn-outline btn-sm" />
                          {card.status === "pending" &&
                            (assigningCard === card.id ? (
                              <AssignTeacher
                                card={card}
                                busy={assigning?.lessonId === card.id}
                                onAssign={(teacherId) =>
                                  board.send({ type: "teacher.assign", lessonId: card.id, teacherId })
                                }
                                onClose={() => setAssigningCard(null)}
                              />
                            ) : (
                              <button
                                type="button"
                                className="btn btn-primary btn-sm"
                                disabled={assigning !== null}
                                onClick={() => {
                                  board.send({ type: "notice.dismissed" });
                                  setAssigningCard(card.id);
                                }}
                              >
                                {t("adminBoard.assign.open")}
                              </button>
                            ))}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </section>
            ))}
          </div>
        </>
      )}
    </section>
  );
};
