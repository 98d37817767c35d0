import { type Authority, assignableRoles } from "@el/domain/accounts/index";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import { z } from "zod";
import { Field } from "../../../components/form/field";
import { RecordFormCard } from "../../../components/form/record-form-card";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { getUser } from "../api/get-user";
import { createUser, updateUser } from "../api/save-user";
import type { User } from "../api/user";
import { NameAndEmailFields } from "../users/name-and-email-fields";
import { email, maxName } from "../users/user-rules";

const AdministratorForm = z.object({
  firstName: maxName,
  lastName: maxName,
  email,
  langKey: z.enum(["pt-br", "en"]),
  activated: z.boolean(),
  password: z.string(),
  roles: z.array(z.enum(assignableRoles)).min(1, "gerencia.users.rolesRequired"),
});
type AdministratorForm = z.infer<typeof AdministratorForm>;

/** Creating asks for a password; editing never shows one (spec section 5). */
const creationRules = AdministratorForm.refine(
  (values) => values.password.length >= 4 && values.password.length <= 50,
  { path: ["password"], message: "global.messages.validate.newpassword.minlength" },
);

const isAssignable = (authority: Authority): authority is (typeof assignableRoles)[number] =>
  (assignableRoles as readonly Authority[]).includes(authority);

/**
 * /gerencia/administrador/new and /{login}/edit; saving returns to the list with its query string. The roles
 * (administrator, auditor, teacher, student) are chosen on both; every account also holds ROLE_USER.
 */
export const AdministratorFormPage = () => {
  const login = useParams().login;
  const existing = useResource(() => (login ? getUser(login) : Promise.resolve(undefined)), login ?? "new");
  if (existing.status === "loading") return <Loading />;
  if (existing.status === "failed") return <ErrorAlert error={existing.error} />;
  return <AdministratorFormView loaded={existing.data} />;
};

const AdministratorFormView = ({ loaded }: { loaded?: User }) => {
  const { t } = useTranslation();
  const creating = !loaded;
  const { search } = useLocation();
  const navigate = useNavigate();
  const form = useForm<AdministratorForm>({
    resolver: zodResolver(creating ? creationRules : AdministratorForm),
    defaultValues: {
      firstName: loaded?.firstName ?? "",
      lastName: loaded?.lastName ?? "",
      email: loaded?.email ?? "",
      langKey: loaded?.langKey === "en" ? "en" : "pt-br",
      activated: loaded?.activated ?? true,
      password: "",
      roles: loaded ? loaded.authorities.filter(isAssignable) : ["ROLE_ADMIN"],
    },
  });
  const save = useMutation(async (values: AdministratorForm) => {
    const { password, roles, ...fields } = values;
    const authorities: Authority[] = ["ROLE_USER", ...roles];
    if (loaded) await updateUser({ ...loaded, ...fields, authorities }, loaded);
    else await createUser({ ...fields, password, authorities, login: values.email });
    navigate(`/gerencia/administrador${search}`);
  });
  const { errors } = form.formState;

  return (
    <RecordFormCard
      title={t(creating ? "gerencia.administrators.create" : "gerencia.administrators.edit")}
      recordId={loaded?.id}
      listPath="/gerencia/administrador"
      onSubmit={form.handleSubmit(save.run)}
      save={save}
    >
      <NameAndEmailFields form={form} />
      {creating && (
        <Field label={t("register.form.password")} error={errors.password}>
          <input type="password" autoComplete="new-password" {...form.register("password")} />
        </Field>
      )}
      <label className="form-check">
        {/* A new administrator starts active; the flag can only be changed afterwards. */}
        {creating ? (
          <input type="checkbox" checked disabled readOnly />
        ) : (
          <input type="checkbox" {...form.register("activated")} />
        )}
        {t("gerencia.users.activated")}
      </label>
      <fieldset className="form-field">
        <legend>{t("gerencia.users.authorities")}</legend>
        {assignableRoles.map((role) => (
          <label key={role} className="form-check">
            <input
              type="checkbox"
              value={role}
              aria-describedby={errors.roles ? "roles-error" : undefined}
              {...form.register("roles")}
            />
            {t(`gerencia.users.roles.${role}`)}
          </label>
        ))}
        {errors.roles?.message && (
          <span id="roles-error" className="field-error" role="alert">
            {t(errors.roles.message)}
          </span>
        )}
      </fieldset>
      <Field label={t("gerencia.users.langKey")}>
        <select {...form.register("langKey")}>
          <option value="pt-br">Português</option>
          <option value="en">English</option>
        </select>
      </Field>
    </RecordFormCard>
  );
};
