import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useSearchParams } from "react-router-dom";
import { useSession } from "../../../app/session/session-provider";
import { Field } from "../../../components/form/field";
import { PhoneField } from "../../../components/form/phone-field";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { getActiveLevels } from "../api/get-levels";
import { register } from "../api/register";
import { HEARD_FROM, OBJECTIVES, type StudentStepOne, StudentStepTwo } from "./registration-schemas";

/**
 * /registro/finalizar, step 2: phone, level, objective and where the student heard of us; submits the
 * whole registration, then signs the new student in. A signed-in visitor goes straight to /student.
 */
export const StudentStepTwoPage = () => {
  const { t } = useTranslation();
  const session = useSession();
  const [search] = useSearchParams();
  const carried = (useLocation().state as { registration?: StudentStepOne } | null)?.registration;
  const levels = useResource(getActiveLevels, "levels");
  const form = useForm<StudentStepTwo>({
    resolver: zodResolver(StudentStepTwo),
    defaultValues: { phone: "", level: "", objective: "PROFESSIONAL" },
  });
  const submit = useMutation(async (values: StudentStepTwo) => {
    if (!carried) return;
    await register({
      firstName: carried.firstName.trim(),
      lastName: carried.lastName.trim(),
      email: carried.email.trim(),
      password: carried.password,
      phone: values.phone,
      level: Number(values.level),
      objective: values.objective,
      seen: values.heardFrom,
      student: true,
    });
    session.login({ username: carried.email.trim(), password: carried.password, rememberMe: false });
  });
  const { errors } = form.formState;

  if (session.state === "authenticated") return <Navigate to="/student" replace />;
  if (!carried) {
    // Social sign-in arrives with name and e-mail in the query; they start the form of step 1.
    const start = { firstName: search.get("name") ?? "", email: search.get("email") ?? "" };
    return (
      <div className="page narrow">
        <div className="alert alert-info" role="status">
          {t("register.finish.missingStepOne")}{" "}
          <Link
            to="/registro/aluno"
            state={{ registration: { lastName: "", password: "", confirmPassword: "", ...start } }}
          >
            {t("register.finish.startHere")}
          </Link>
        </div>
      </div>
    );
  }

  const busy = submit.status === "running" || (submit.status === "success" && session.state === "authenticating");
  return (
    <div className="page narrow">
      <div className="card">
        <h1>{t("register.finish.title", { name: carried.firstName })}</h1>
        <p>{t("register.finish.subtitle")}</p>
        <form noValidate onSubmit={form.handleSubmit(submit.run)}>
          {submit.status === "error" && <ErrorAlert error={submit.error} />}
          {submit.status === "success" && session.error && (
            <div className="alert alert-danger" role="alert">
              {t(session.error)}
            </div>
          )}
          <PhoneField control={form.control} name="phone" label={t("register.form.phone")} error={errors.phone} />
          {levels.status === "loading" && <Loading />}
          {levels.status === "failed" && <ErrorAlert error={levels.error} />}
          {levels.status === "ready" && (
            <Field label={t("register.form.level")} error={errors.level}>
              <select {...form.register("level")}>
                <option value="">{t("register.form.choose")}</option>
                {levels.data.map((level) => (
                  <option key={level.id} value={level.id}>
                    {level.name}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Field label={t("register.form.objective")} error={errors.objective}>
            <select {...form.register("objective")}>
              {OBJECTIVES.map((objective) => (
                <option key={objective} value={objective}>
                  {t(`register.objective.${objective}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("register.form.heardFrom")} error={errors.heardFrom}>
            <select {...form.register("heardFrom")} defaultValue="">
              <option value="">{t("register.form.choose")}</option>
              {HEARD_FROM.map((source) => (
                <option key={source} value={source}>
                  {t(`register.heardFrom.${source}`)}
                </option>
              ))}
            </select>
          </Field>
          <div className="actions">
            <Link to="/registro/aluno" state={{ registration: carried }} className="btn btn-outline">
              {t("register.finish.back")}
            </Link>
            <button type="submit" className="btn btn-primary" disabled={busy || levels.status !== "ready"}>
              {busy ? t("global.loading") : t("register.finish.submit")}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
};
