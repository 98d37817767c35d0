import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import { Field } from "../../../components/form/field";
import { RecordFormCard } from "../../../components/form/record-form-card";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { type FeedbackKind, getStudentFeedback, getTeacherFeedback, saveFeedback } from "../api/feedbacks-api";
import { type AnyFeedback, feedbackPath, kindText } from "./feedback-texts";

type Values = Record<
  "note" | "information" | "status" | "sugestions" | "productSugestions" | "studentInformation" | "partialyHeld",
  string
>;

const valuesOf = (feedback: AnyFeedback): Values => ({
  note: feedback.note === null ? "" : String(feedback.note),
  information: feedback.information,
  status: "status" in feedback && feedback.status !== null ? String(feedback.status) : "",
  sugestions: "sugestions" in feedback ? feedback.sugestions : "",
  productSugestions: "productSugestions" in feedback ? feedback.productSugestions : "",
  studentInformation: "studentInformation" in feedback ? feedback.studentInformation : "",
  partialyHeld: "partialyHeld" in feedback ? (feedback.partialyHeld ?? "") : "",
});

const bodyOf = (kind: FeedbackKind, values: Values) => {
  const note = values.note === "" ? null : Number(values.note);
  if (kind === "student") return { note, information: values.information };
  return {
    note,
    information: values.information,
    status: values.status === "" ? null : Number(values.status),
    sugestions: values.sugestions,
    productSugestions: values.productSugestions,
    studentInformation: values.studentInformation,
    partialyHeld: values.status === "2" ? values.partialyHeld : null,
  };
};

/**
 * …/{id}/edit: the administrator corrects a feedback (the back office's form has no rules of its own,
 * spec section 5; the server refuses what a feedback cannot hold). Saving returns to the list, query kept.
 */
export const FeedbackFormPage = ({ kind }: { kind: FeedbackKind }) => {
  const id = Number(useParams().id);
  const feedback = useResource<AnyFeedback>(
    () => (kind === "student" ? getStudentFeedback(id) : getTeacherFeedback(id)),
    `${kind}|${id}`,
  );
  if (feedback.status === "loading") return <Loading />;
  if (feedback.status === "failed") return <ErrorAlert error={feedback.error} />;
  return <FeedbackForm kind={kind} id={id} initial={valuesOf(feedback.data)} />;
};

const FeedbackForm = ({ kind, id, initial }: { kind: FeedbackKind; id: number; initial: Values }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [values, setValues] = useState(initial);
  const list = `/gerencia/${feedbackPath(kind)}`;
  const save = useMutation(async (chosen: Values) => {
    await saveFeedback(kind, id, bodyOf(kind, chosen));
    navigate(`${list}${search}`);
  });
  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(values);
  };
  const text = (name: keyof Values, label: string) => (
    <Field label={t(label)}>
      <textarea value={values[name]} onChange={set(name)} rows={3} />
    </Field>
  );
  const notes = kind === "student" ? [0, 1, 2, 3, 4, 5] : [1, 2, 3, 4, 5];
  return (
    <RecordFormCard title={kindText(t, kind, "edit")} recordId={id} listPath={list} onSubmit={submit} save={save}>
      {kind === "teacher" && (
        <Field label={t("adminSections.feedback.status")}>
          <select value={values.status} onChange={set("status")}>
            <option value="" />
            {[1, 2, 3].map((status) => (
              <option key={status} value={status}>
                {t(`adminSections.feedback.statuses.${status}`)}
              </option>
            ))}
          </select>
        </Field>
      )}
      {kind === "teacher" && values.status === "2" && text("partialyHeld", "adminSections.feedback.partialyHeld")}
      <Field label={t("adminSections.feedback.note")}>
        <select value={values.note} onChange={set("note")}>
          <option value="">{t("adminSections.feedback.noNote")}</option>
          {notes.map((note) => (
            <option key={note} value={note}>
              {note}
            </option>
          ))}
        </select>
      </Field>
      {text("information", "adminSections.feedback.information")}
      {kind === "teacher" && (
        <>
          {text("sugestions", "adminSections.feedback.sugestions")}
          {text("productSugestions", "adminSections.feedback.productSugestions")}
          {text("studentInformation", "adminSections.feedback.studentInformation")}
        </>
      )}
    </RecordFormCard>
  );
};
