import { wallClockOf } from "@el/domain/lessons/sao-paulo-time";
import type { PlacementResultView } from "@el/domain/placement/placement-views";
import { useActorRef, useSelector } from "@xstate/react";
import { type FormEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ErrorAlert } from "../../components/status/error-alert";
import { Loading } from "../../components/status/loading";
import { ApiError } from "../../lib/api";
import { useSession } from "../../lib/session/session-provider";
import { placementMachine } from "./placement.machine";
import "./placement.css";

const pad = (value: number) => String(value).padStart(2, "0");
/** 'DD/MM/YYYY' in São Paulo, as the rest of the product shows dates. */
const formatDate = (instant: string) => {
  const { year, month, day } = wallClockOf(instant);
  return `${pad(day)}/${pad(month)}/${year}`;
};

const canRetake = (result: PlacementResultView) => Date.parse(result.retakeAt) <= Date.now();

/** A refusal of a retake carries the date it will be allowed: said in words, not as a bare key. */
const StartError = ({ error }: { error: unknown }) => {
  const { t } = useTranslation();
  const retakeAt =
    error instanceof ApiError && error.messageKey === "placement.error.retakeTooSoon"
      ? (error.body as { retakeAt?: string } | undefined)?.retakeAt
      : undefined;
  if (!retakeAt) return <ErrorAlert error={error} />;
  return (
    <div className="alert alert-danger" role="alert">
      {t("placement.error.retakeTooSoon", { date: formatDate(retakeAt) })}
    </div>
  );
};

/** The level, why, where to start, and when the test may be taken again. */
const PlacementResult = ({ result, fresh }: { result: PlacementResultView; fresh: boolean }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "en" ? "en" : "pt-br";
  const level = t(`placement.levels.${result.levelId}`, { defaultValue: result.levelName ?? "" });
  return (
    <section className="card placement-result" aria-labelledby="placement-result-title">
      <h2 id="placement-result-title">{fresh ? t("placement.result.title") : t("placement.result.last")}</h2>
      <p className="placement-level">{t("placement.result.level", { level })}</p>
      <p>{result.explanation[language]}</p>
      {result.suggestedTrail ? (
        <p>
          {t("placement.result.trail", {
            trail: `${result.suggestedTrail.number} - ${result.suggestedTrail.title}`,
          })}{" "}
          <Link to="/student/trilhas">{t("placement.result.trails")}</Link>
        </p>
      ) : (
        <p>
          <Link to="/student/trilhas">{t("placement.result.trails")}</Link>
        </p>
      )}
      <p className="placement-retake">
        {canRetake(result)
          ? t("placement.result.retakeNow")
          : t("placement.result.retakeAt", { date: formatDate(result.retakeAt) })}
      </p>
    </section>
  );
};

/**
 * Teste de nível (/student/teste-de-nivel): what the student had (the last result, a test to resume),
 * then one question at a time with its progress, and the result with the level, why, the trail to start
 * with and when the test may be taken again. Native radio buttons in a fieldset: arrows choose, Enter sends.
 */
export const PlacementPage = () => {
  const { t } = useTranslation();
  const actor = useActorRef(placementMachine);
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const { latest, test, choice, result, error } = useSelector(actor, (snapshot) => snapshot.context);
  const questionHeading = useRef<HTMLHeadingElement>(null);
  const questionId = test?.question.id;

  // The result set the student's level: the area's summary (Nível) reads the account again.
  const { refresh } = useSession();
  const finished = state === "finished";
  useEffect(() => {
    if (finished) refresh();
  }, [finished, refresh]);

  // Each new question takes the focus, so keyboard and screen-reader users start reading it at once.
  useEffect(() => {
    if (questionId) questionHeading.current?.focus();
  }, [questionId]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "answer.sent" });
  };

  const busy = state === "answering";
  return (
    <div className="placement">
      <h1>{t("placement.title")}</h1>
      {state === "loading" && <Loading />}
      {state === "failed" && (
        <>
          <ErrorAlert error={error} />
          <button type="button" className="btn btn-outline" onClick={() => actor.send({ type: "retried" })}>
            {t("placement.retry")}
          </button>
        </>
      )}
      {(state === "overview" || state === "starting") && latest && (
        <>
          {latest.result && <PlacementResult result={latest.result} fresh={false} />}
          {!latest.result || latest.inProgress || canRetake(latest.result) ? (
            <section className="card">
              <p>{t("placement.intro")}</p>
              {latest.inProgress && (
                <p>{t("placement.inProgress", { answered: latest.inProgress.answered, total: 20 })}</p>
              )}
              {error !== null && <StartError error={error} />}
              <button
                type="button"
                className="btn btn-primary"
                disabled={state === "starting"}
                onClick={() => actor.send({ type: "test.started" })}
              >
                {state === "starting"
                  ? t("global.loading")
                  : latest.inProgress
                    ? t("placement.resume")
                    : latest.result
                      ? t("placement.retake")
                      : t("placement.start")}
              </button>
            </section>
          ) : null}
        </>
      )}
      {(state === "asking" || state === "answering") && test && (
        <form className="card placement-question" noValidate onSubmit={send}>
          <p className="placement-progress">
            <label htmlFor="placement-progress">
              {t("placement.progress", { number: test.question.number, total: test.question.total })}
            </label>
            <progress id="placement-progress" max={test.question.total} value={test.question.number - 1} />
          </p>
          {test.question.passage && (
            <blockquote className="placement-passage" lang="en">
              {test.question.passage}
            </blockquote>
          )}
          <fieldset disabled={busy}>
            <legend>
              <h2 ref={questionHeading} tabIndex={-1} lang="en">
                {test.question.prompt}
              </h2>
            </legend>
            {test.question.options.map((option, index) => (
              <label key={`${test.question.id}-${option}`} className="placement-option" lang="en">
                <input
                  type="radio"
                  name="placement-choice"
                  value={index}
                  checked={choice === index}
                  onChange={() => actor.send({ type: "option.chosen", choice: index })}
                />
                {option}
              </label>
            ))}
          </fieldset>
          {error !== null && <ErrorAlert error={error} />}
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={choice === null || busy}>
              {busy ? t("global.loading") : t("placement.answer")}
            </button>
          </div>
        </form>
      )}
      {state === "finished" && result && <PlacementResult result={result} fresh />}
    </div>
  );
};
