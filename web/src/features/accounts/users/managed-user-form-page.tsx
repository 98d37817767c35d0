import { Objective } from "@el/domain/accounts/account";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import { z } from "zod";
import { Field } from "../../../components/form/field";
import { MaskedField } from "../../../components/form/masked-field";
import { PhoneField } from "../../../components/form/phone-field";
import { RecordFormCard } from "../../../components/form/record-form-card";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { fetchLevels } from "../../../lib/catalog/catalog-api";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { registerByAdmin } from "../api/register-by-admin";
import { updateUser } from "../api/save-user";
import { ADDRESS_FIELDS, fullName, type User } from "../api/user";
import { LIST_PATH, LoadedUser, type ManagedKind } from "./managed-user";
import { NameAndEmailFields } from "./name-and-email-fields";
import { showServerFieldErrors } from "./server-field-errors";
import { cep, cpf, email, maxName, orNull, phone, text } from "./user-rules";

/**
 * One schema for both kinds: the other kind's fields stay empty and are never sent. The limits beyond
 * spec section 5 are the server's.
 */
const ManagedUserForm = z.object({
  firstName: maxName,
  lastName: maxName,
  email,
  phone,
  cpf,
  password: z.string(),
  activated: z.boolean(),
  level: z.string(),
  /** Empty when none is chosen. */
  objective: z.union([Objective, z.literal("")]),
  cep,
  street: text(200),
  number: text(20),
  neighbourhood: text(100),
  city: text(100),
  state: text(50),
  country: text(50),
  experience: text(2000),
  bankNumber: text(20),
  bankBranch: text(20),
  bankAccount: text(30),
});
type ManagedUserForm = z.infer<typeof ManagedUserForm>;
const FORM_FIELDS = ManagedUserForm.keyof().options;

/** The server registers nobody without a first name; a password, when given, follows the sign-up rule. */
const creationRules = ManagedUserForm.refine((values) => values.firstName.trim() !== "", {
  path: ["firstName"],
  message: "gerencia.validate.required",
}).refine((values) => values.password === "" || (values.password.length >= 4 && values.password.length <= 50), {
  path: ["password"],
  message: "global.messages.validate.newpassword.minlength",
});

const defaultsOf = (user?: User): ManagedUserForm => ({
  firstName: user?.firstName ?? "",
  lastName: user?.lastName ?? "",
  email: user?.email ?? "",
  phone: user?.phone ?? "",
  cpf: user?.cpf ?? "",
  password: "",
  activated: user?.activated ?? true,
  level: user?.level ? String(user.level) : "",
  objective: user?.objective ?? "",
  cep: user?.cep ?? "",
  street: user?.street ?? "",
  number: user?.number ?? "",
  neighbourhood: user?.neighbourhood ?? "",
  city: user?.city ?? "",
  state: user?.state ?? "",
  country: user?.country ?? "",
  experience: user?.experience ?? "",
  bankNumber: user?.bankNumber ?? "",
  bankBranch: user?.bankBranch ?? "",
  bankAccount: user?.bankAccount ?? "",
});

/**
 * Spec section 5: "student creation copies stored address fields and cpf from the loaded user". Read as:
 * from a student's edit form the administrator may start a new student (a sibling, say, paid for by the
 * same person) who gets the cpf and address stored for the student loaded there; name, e-mail and phone
 * start empty. The values come from the server, not from unsaved edits.
 */
const copiedFrom = (source: User): ManagedUserForm => {
  const copy = defaultsOf();
  copy.cpf = source.cpf ?? "";
  for (const field of ADDRESS_FIELDS) copy[field] = source[field] ?? "";
  return copy;
};

interface CopyState {
  copyFrom?: string;
}

/**
 * /gerencia/professor|aluno/new and /{login}/edit. Saving returns to the list with its query string;
 * a new student may start from another's cpf and address (router state `copyFrom`, a login).
 */
export const ManagedUserFormPage = ({ kind }: { kind: ManagedKind }) => {
  const login = useParams().login;
  const state = useLocation().state as CopyState | null;
  const copyFrom = kind === "student" ? state?.copyFrom : undefined;
  if (login)
    return (
      <LoadedUser kind={kind} login={login}>
        {(user) => <ManagedUserFormView key={user.id} kind={kind} loaded={user} />}
      </LoadedUser>
    );
  if (copyFrom)
    return (
      <LoadedUser kind={kind} login={copyFrom}>
        {(source) => <ManagedUserFormView key={`copy-${source.id}`} kind={kind} copiedFrom={source} />}
      </LoadedUser>
    );
  return <ManagedUserFormView key="new" kind={kind} />;
};

const ManagedUserFormView = ({
  kind,
  loaded,
  copiedFrom: source,
}: {
  kind: ManagedKind;
  loaded?: User;
  copiedFrom?: User;
}) => {
  const { t } = useTranslation();
  const creating = !loaded;
  const { search } = useLocation();
  const navigate = useNavigate();
  const listPath = LIST_PATH[kind];
  const form = useForm<ManagedUserForm>({
    resolver: zodResolver(creating ? creationRules : ManagedUserForm),
    defaultValues: source ? copiedFrom(source) : defaultsOf(loaded),
  });
  // When every server complaint sits beside its field, the general alert would only repeat them.
  const [fieldErrorsShown, setFieldErrorsShown] = useState(false);
  const save = useMutation(async (values: ManagedUserForm) => {
    setFieldErrorsShown(false);
    try {
      if (loaded) {
        await updateUser(
          {
            id: loaded.id,
            activated: values.activated,
            ...personOf(values),
            ...(kind === "teacher" ? teacherFieldsOf(values) : studentFieldsOf(values)),
          },
          loaded,
        );
      } else {
        const person = {
          ...personOf(values),
          firstName: values.firstName.trim(),
          password: values.password || undefined,
        };
        await registerByAdmin(
          kind === "teacher"
            ? { ...person, ...teacherFieldsOf(values), student: false }
            : { ...person, ...studentFieldsOf(values), student: true },
        );
      }
    } catch (error) {
      setFieldErrorsShown(showServerFieldErrors(error, FORM_FIELDS, form.setError));
      throw error;
    }
    navigate(`${listPath}${search}`);
  });
  const { errors } = form.formState;
  const texts = kind === "teacher" ? "gerencia.teachers" : "gerencia.students";

  return (
    <RecordFormCard
      title={t(creating ? `${texts}.create` : `${texts}.edit`)}
      recordId={loaded?.id}
      listPath={listPath}
      onSubmit={form.handleSubmit(save.run)}
      save={fieldErrorsShown ? { status: "idle" } : save}
    >
      {source && (
        <div className="alert alert-info" role="status">
          {t("gerencia.students.copiedFrom", { name: fullName(source) || source.login })}
        </div>
      )}
      <NameAndEmailFields form={form} />
      <PhoneField control={form.control} name="phone" label={t("gerencia.users.phone")} error={errors.phone} />
      <MaskedField
        control={form.control}
        name="cpf"
        label={t("gerencia.users.cpf")}
        mask="000.000.000-00"
        placeholder="999.999.999-99"
        error={errors.cpf}
      />
      {creating ? (
        <Field label={t("gerencia.users.passwordOptional")} error={errors.password}>
          <input type="password" autoComplete="new-password" {...form.register("password")} />
        </Field>
      ) : (
        <label className="form-check">
          <input type="checkbox" {...form.register("activated")} />
          {t("gerencia.users.activated")}
        </label>
      )}
      {kind === "student" ? <StudentFields form={form} ownLevel={loaded?.level} /> : <TeacherFields form={form} />}
      {kind === "student" && loaded && (
        <div className="actions">
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => navigate(`${listPath}/new${search}`, { state: { copyFrom: loaded.login } })}
          >
            {t("gerencia.students.createWithAddress")}
          </button>
        </div>
      )}
    </RecordFormCard>
  );
};

/** What both the update and the registration send; an empty optional field is null. */
const personOf = (values: ManagedUserForm) => ({
  firstName: orNull(values.firstName),
  lastName: orNull(values.lastName),
  email: values.email.trim(),
  phone: orNull(values.phone),
  cpf: orNull(values.cpf),
});

const teacherFieldsOf = (values: ManagedUserForm) => ({
  experience: orNull(values.experience),
  bankNumber: orNull(values.bankNumber),
  bankBranch: orNull(values.bankBranch),
  bankAccount: orNull(values.bankAccount),
});

const studentFieldsOf = (values: ManagedUserForm) => ({
  level: values.level ? Number(values.level) : null,
  objective: values.objective || null,
  cep: orNull(values.cep),
  street: orNull(values.street),
  number: orNull(values.number),
  neighbourhood: orNull(values.neighbourhood),
  city: orNull(values.city),
  state: orNull(values.state),
  country: orNull(values.country),
});

const StudentFields = ({
  form,
  ownLevel,
}: {
  form: UseFormReturn<ManagedUserForm>;
  /** The edited student's stored level, offered even when deactivated since. */
  ownLevel?: number | null;
}) => {
  const { t } = useTranslation();
  const levels = useResource(fetchLevels, "levels");
  const { errors } = form.formState;
  return (
    <>
      {levels.status === "loading" && <Loading />}
      {levels.status === "failed" && <ErrorAlert error={levels.error} />}
      {levels.status === "ready" && (
        <Field label={t("gerencia.students.level")} error={errors.level}>
          <select {...form.register("level")}>
            <option value="">{t("gerencia.users.choose")}</option>
            {levels.data
              .filter((level) => level.active !== false || level.id === ownLevel)
              .map((level) => (
                <option key={level.id} value={level.id}>
                  {level.name}
                </option>
              ))}
          </select>
        </Field>
      )}
      <Field label={t("gerencia.students.objective")} error={errors.objective}>
        <select {...form.register("objective")}>
          <option value="">{t("gerencia.users.choose")}</option>
          {Objective.options.map((objective) => (
            <option key={objective} value={objective}>
              {t(`gerencia.objective.${objective}`)}
            </option>
          ))}
        </select>
      </Field>
      <fieldset>
        <legend>{t("gerencia.students.address")}</legend>
        <MaskedField
          control={form.control}
          name="cep"
          label={t("gerencia.users.cep")}
          mask="00000-000"
          placeholder="99999-999"
          error={errors.cep}
        />
        <Field label={t("gerencia.users.street")} error={errors.street}>
          <input {...form.register("street")} />
        </Field>
        <Field label={t("gerencia.users.number")} error={errors.number}>
          <input {...form.register("number")} />
        </Field>
        <Field label={t("gerencia.users.neighbourhood")} error={errors.neighbourhood}>
          <input {...form.register("neighbourhood")} />
        </Field>
        <Field label={t("gerencia.users.city")} error={errors.city}>
          <input {...form.register("city")} />
        </Field>
        <Field label={t("gerencia.users.state")} error={errors.state}>
          <input {...form.register("state")} />
        </Field>
        <Field label={t("gerencia.users.country")} error={errors.country}>
          <input {...form.register("country")} />
        </Field>
      </fieldset>
    </>
  );
};

const TeacherFields = ({ form }: { form: UseFormReturn<ManagedUserForm> }) => {
  const { t } = useTranslation();
  const { errors } = form.formState;
  return (
    <>
      <Field label={t("gerencia.teachers.experience")} error={errors.experience}>
        <textarea rows={5} {...form.register("experience")} />
      </Field>
      <fieldset>
        <legend>{t("gerencia.teachers.bank")}</legend>
        <Field label={t("gerencia.users.bankNumber")} error={errors.bankNumber}>
          <input {...form.register("bankNumber")} />
        </Field>
        <Field label={t("gerencia.users.bankBranch")} error={errors.bankBranch}>
          <input {...form.register("bankBranch")} />
        </Field>
        <Field label={t("gerencia.users.bankAccount")} error={errors.bankAccount}>
          <input {...form.register("bankAccount")} />
        </Field>
      </fieldset>
    </>
  );
};
