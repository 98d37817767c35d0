import { fullName } from "@el/domain/shared/full-name";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useLevelName } from "../../../lib/catalog/level-name";
import { trailLabel } from "../../../lib/lessons/lesson-card";
import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";
import { useLiveFeed } from "../../../lib/socket";
import type { LessonRequestItem } from "./lesson-request-item";
import { lessonRequestsMachine } from "./lesson-requests.machine";
import "../availability.css";

/** "Solicitadas para você": the lessons students asked of this teacher alone, each to accept or decline. */
export const LessonRequestsPanel = () => {
  const { t } = useTranslation();
  const feed = useLiveFeed();
  const panel = useActorRef(lessonRequestsMachine, { input: { feed } });
  const snapshot = useSelector(panel, (state) => state);
  const { requests, loadError, answering, answered, answerError } = snapshot.context;
  const title = t("availability.requests.title");

  return (
    <section className="area-section" aria-label={title}>
      <h2>{title}</h2>
      {snapshot.matches("loading") && <Loading />}
      {snapshot.matches("failed") && (
        <>
          <ErrorAlert error={loadError} />
          <button type="button" className="btn btn-primary" onClick={() => panel.send({ type: "requests.retry" })}>
            {t("availability.requests.retry")}
          </button>
        </>
      )}
      {snapshot.matches("ready") && (
        <>
          {answered && <AnsweredNotice {...answered} />}
          {answerError !== null && <ErrorAlert error={answerError} />}
          {requests.length === 0 ? (
            <p role="status">{t("availability.requests.none")}</p>
          ) : (
            <ul className="lesson-requests" aria-label={t("availability.requests.listLabel")}>
              {requests.map((item) => (
                <RequestRow
                  key={item.id}
                  item={item}
                  busy={answering !== null}
                  answering={answering?.item.id === item.id ? answering.answer : null}
                  onAnswer={(answer) => panel.send({ type: "request.answer", lessonId: item.id, answer })}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
};

const whenOf = (instant: string) => ({ date: formatDay(instant), time: formatTime(instant) });

const RequestRow = ({
  item,
  busy,
  answering,
  onAnswer,
}: {
  item: LessonRequestItem;
  busy: boolean;
  answering: "accept" | "decline" | null;
  onAnswer: (answer: "accept" | "decline") => void;
}) => {
  const { t } = useTranslation();
  const levelName = useLevelName();
  const student = fullName(item.student);
  const when = whenOf(item.date);
  return (
    <li className="card lesson-request" data-lesson-id={item.id}>
      <div className="lesson-request-what">
        <strong>{t("availability.requests.when", when)}</strong>
        <span>
          {trailLabel(item.trail)} · {levelName(item.level.name)}
        </span>
        <span>{t("availability.requests.student", { student })}</span>
        <span className="lesson-request-expiry">{t("availability.requests.expires", whenOf(item.expiresAt))}</span>
      </div>
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          aria-label={t("availability.requests.acceptOf", { student, ...when })}
          onClick={() => onAnswer("accept")}
        >
          {answering === "accept" ? t("availability.requests.accepting") : t("availability.requests.accept")}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy}
          aria-label={t("availability.requests.declineOf", { student, ...when })}
          onClick={() => onAnswer("decline")}
        >
          {answering === "decline" ? t("availability.requests.declining") : t("availability.requests.decline")}
        </button>
      </div>
    </li>
  );
};

const AnsweredNotice = ({ item, answer }: { item: LessonRequestItem; answer: "accept" | "decline" }) => {
  const { t } = useTranslation();
  return (
    <p className="alert alert-success" role="status">
      {answer === "accept"
        ? t("availability.requests.accepted", {
            trail: trailLabel(item.trail),
            student: fullName(item.student),
            ...whenOf(item.date),
          })
        : t("availability.requests.declined")}
    </p>
  );
};
