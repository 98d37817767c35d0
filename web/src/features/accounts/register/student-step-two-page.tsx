import { HeardFrom, SignUpObjective } from "@el/domain/accounts/account";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useSearchParams } from "react-router-dom";
import { Field } from "../../../components/form/field";
import { PhoneField } from "../../../components/form/phone-field";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useSession } from "../../../lib/session/session-provider";
import { continueSignedIn } from "../../../lib/session/token-sign-in";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { getStudentLevels } from "../api/get-levels";
import { register } from "../api/register";
import { registerSocial } from "../api/register-social";
import { PasswordFields } from "./password-fields";
import { SocialStepTwo, type StudentStepOne, StudentStepTwo } from "./registration-schemas";
import { SocialTeacherApplicationForm } from "./social-teacher-application";
import "./registration.css";

/** Who is registering, and whether step 1 already gave their last name and password. */
interface Registrant {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  imageUrl?: string;
  /** What Google or Facebook vouched for, signed by the server: the account needs no password then. */
  ticket?: string;
  fromStepOne: boolean;
}

const fromStepOne = (registration: StudentStepOne): Registrant => ({ ...registration, fromStepOne: true });

/** Only a web address is shown as the photo; the query is typed by anyone. */
const photoOf = (value: string | null) => (value && /^https?:\/\//i.test(value) ? value.slice(0, 256) : undefined);

/** A social sign-in sends name, email and photo; the first word of the name is the first name. */
const fromSocialSignIn = (search: URLSearchParams): Registrant | undefined => {
  const [firstName, ...lastNames] = (search.get("name") ?? "").trim().split(/\s+/);
  const email = search.get("email")?.trim();
  if (!firstName || !email) return undefined;
  return {
    firstName,
    lastName: lastNames.join(" "),
    email,
    password: "",
    imageUrl: photoOf(search.get("photo")),
    ticket: search.get("ticket") ?? undefined,
    fromStepOne: false,
  };
};

/**
 * /registro/finalizar, step 2: phone, level, objective and where the student heard of us; submits the
 * whole registration, then signs the new student in. Without step 1's data it takes name, e-mail and
 * photo from the query (a social sign-in) and asks here for what step 1 would have asked; with the
 * provider's ticket no password is asked, and the new student is signed in with the token the sign-up
 * answers. A signed-in visitor goes straight to /student.
 */
export const StudentStepTwoPage = () => {
  const { t } = useTranslation();
  const session = useSession();
  const [search] = useSearchParams();
  const carried = (useLocation().state as { registration?: StudentStepOne } | null)?.registration;
  const registrant = carried ? fromStepOne(carried) : fromSocialSignIn(search);
  const levels = useResource(getStudentLevels, "levels");
  // Someone Google or Facebook vouched for may sign up to study or apply to teach.
  const [role, setRole] = useState<"student" | "teacher">("student");
  const form = useForm<StudentStepTwo>({
    resolver: zodResolver(registrant?.ticket ? SocialStepTwo : StudentStepTwo),
    defaultValues: {
      phone: "",
      level: "",
      objective: "PROFESSIONAL",
      lastName: registrant?.lastName ?? "",
      password: registrant?.password ?? "",
      confirmPassword: carried?.confirmPassword ?? "",
    },
  });
  const submit = useMutation(async (values: StudentStepTwo) => {
    if (!registrant) return;
    if (registrant.ticket) {
      const token = await registerSocial({
        ticket: registrant.ticket,
        firstName: registrant.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: values.phone,
        level: Number(values.level),
        objective: values.objective,
        seen: values.heardFrom,
      });
      return continueSignedIn(token, "/student");
    }
    const email = registrant.email.trim();
    await register({
      firstName: registrant.firstName.trim(),
      lastName: values.lastName.trim(),
      email,
      password: values.password,
      phone: values.phone,
      level: Number(values.level),
      objective: values.objective,
      seen: values.heardFrom,
      student: true,
    });
    session.login({ username: email, password: values.password, rememberMe: false });
  });
  const { errors } = form.formState;

  if (session.state === "authenticated") return <Navigate to="/student" replace />;
  if (!registrant) {
    return (
      <div className="page narrow">
        <div className="alert alert-info" role="status">
          {t("register.finish.missingStepOne")} <Link to="/registro/aluno">{t("register.finish.startHere")}</Link>
        </div>
      </div>
    );
  }

  const busy =
    submit.status === "running" ||
    (submit.status === "success" && (Boolean(registrant.ticket) || session.state === "authenticating"));
  return (
    <div className="page narrow">
      <div className="card">
        {registrant.imageUrl && (
          <img className="registration-photo" src={registrant.imageUrl} alt={t("register.finish.photo")} />
        )}
        <h1>{t("register.finish.title", { name: registrant.firstName })}</h1>
        {registrant.ticket && (
          <fieldset className="form-field">
            <legend>{t("register.finish.role")}</legend>
            {(["student", "teacher"] as const).map((option) => (
              <label key={option} className="form-check">
                <input
                  type="radio"
                  name="role"
                  value={option}
                  checked={role === option}
                  onChange={() => setRole(option)}
                />
                {t(`register.finish.as.${option}`)}
              </label>
            ))}
          </fieldset>
        )}
        {registrant.ticket && role === "teacher" ? (
          <SocialTeacherApplicationForm
            ticket={registrant.ticket}
            firstName={registrant.firstName}
            lastName={registrant.lastName}
            email={registrant.email}
          />
        ) : (
          <>
            <p>{t("register.finish.subtitle")}</p>
            <form noValidate onSubmit={form.handleSubmit(submit.run)}>
              {!registrant.fromStepOne && (
                <>
                  <Field label={t("register.form.email")}>
                    <input type="email" value={registrant.email} readOnly />
                  </Field>
                  <Field label={t("register.form.lastName")} error={errors.lastName}>
                    <input autoComplete="family-name" {...form.register("lastName")} />
                  </Field>
                  {!registrant.ticket && <PasswordFields form={form} />}
                </>
              )}
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
                  {SignUpObjective.options.map((objective) => (
                    <option key={objective} value={objective}>
                      {t(`register.objective.${objective}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t("register.form.heardFrom")} error={errors.heardFrom}>
                <select {...form.register("heardFrom")} defaultValue="">
                  <option value="">{t("register.form.choose")}</option>
                  {HeardFrom.options.map((source) => (
                    <option key={source} value={source}>
                      {t(`register.heardFrom.${source}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <div className="actions">
                {carried && (
                  <Link to="/registro/aluno" state={{ registration: carried }} className="btn btn-outline">
                    {t("register.finish.back")}
                  </Link>
                )}
                <button type="submit" className="btn btn-primary" disabled={busy || levels.status !== "ready"}>
                  {busy ? t("global.loading") : t("register.finish.submit")}
                </button>
              </div>
            </form>
          </>
        )}
      </div>
    </div>
  );
};
