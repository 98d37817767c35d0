import {
  TEACHER_BIO_MAX,
  TEACHER_EXPERIENCE_MAX,
  TeacherLanguage,
  type TeacherProfileView,
  TeacherSpeciality,
  teacherLanguages,
  teacherSpecialities,
} from "@el/domain/accounts/teacher-profile";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { GoogleCalendarPanel } from "../../../components/calendar/google-calendar-panel";
import { Field } from "../../../components/form/field";
import { PersonalDataPanel } from "../../../components/privacy/personal-data-panel";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { TeacherPhoto, TeacherProfileDetails } from "../../../components/teachers/teacher-card";
import { fetchLevels } from "../../../lib/catalog/catalog-api";
import {
  fetchOwnTeacherProfile,
  photoProblemOf,
  saveTeacherProfile,
  uploadTeacherPhoto,
} from "../../../lib/teachers/teacher-profile";
import { useMutation } from "../../../lib/use-mutation";
import { useResource } from "../../../lib/use-resource";
import { TeacherLevelsField } from "./teacher-levels-field";

/** The server's rules, said before sending (the same message keys). */
const ProfileForm = z.object({
  bio: z.string().trim().max(TEACHER_BIO_MAX, "error.teacherProfile.bio"),
  experience: z.string().trim().max(TEACHER_EXPERIENCE_MAX, "error.teacherProfile.experience"),
  specialities: z.array(TeacherSpeciality),
  languages: z.array(TeacherLanguage).min(1, "error.teacherProfile.languages"),
  /** The check boxes' values: level ids as text. */
  levelIds: z.array(z.string()),
});
type ProfileForm = z.infer<typeof ProfileForm>;

/**
 * /teacher/perfil: the teacher's photo, bio, experience, specialities, languages and the levels they
 * teach, as students see them.
 */
export const TeacherProfilePage = () => {
  const { t } = useTranslation();
  const loaded = useResource(fetchOwnTeacherProfile, "own-teacher-profile");
  if (loaded.status === "loading") return <Loading />;
  if (loaded.status === "failed") return <ErrorAlert error={loaded.error} />;
  return (
    <>
      <section className="card teacher-profile-page" aria-labelledby="teacher-profile-title">
        <h2 id="teacher-profile-title">{t("teacherProfile.title")}</h2>
        <p>{t("teacherProfile.intro")}</p>
        <TeacherProfileEditor loaded={loaded.data} />
      </section>
      <GoogleCalendarPanel />
      <PersonalDataPanel />
    </>
  );
};

const TeacherProfileEditor = ({ loaded }: { loaded: TeacherProfileView }) => {
  const { t } = useTranslation();
  const [profile, setProfile] = useState(loaded);
  const form = useForm<ProfileForm>({
    resolver: zodResolver(ProfileForm),
    defaultValues: {
      bio: loaded.bio,
      experience: loaded.experience,
      specialities: loaded.specialities,
      // A teacher who never said teaches English at least.
      languages: loaded.languages.length > 0 ? loaded.languages : ["en"],
      levelIds: loaded.levelIds.map(String),
    },
  });
  const levels = useResource(fetchLevels, "levels");
  const save = useMutation(async ({ levelIds, ...values }: ProfileForm) =>
    // Without the levels on screen the teacher chose none: the server keeps the ones saved before.
    setProfile(
      await saveTeacherProfile(levels.status === "ready" ? { ...values, levelIds: levelIds.map(Number) } : values),
    ),
  );
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const upload = useMutation(async (file: File) => setProfile(await uploadTeacherPhoto(file)));
  const { errors } = form.formState;

  const onPhoto = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = photoProblemOf(file);
    setPhotoProblem(problem);
    if (!problem) void upload.run(file);
  };

  return (
    <>
      <div className="teacher-profile-photo">
        <TeacherPhoto profile={profile} size="large" />
        <div className="form-field">
          <label htmlFor="teacher-photo">{t("teacherProfile.photo")}</label>
          <input
            id="teacher-photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby="teacher-photo-hint"
            disabled={upload.status === "running"}
            onChange={onPhoto}
          />
          <span id="teacher-photo-hint" className="teacher-profile-hint">
            {t("teacherProfile.photoHint")}
          </span>
          {upload.status === "running" && <span role="status">{t("teacherProfile.uploading")}</span>}
          {photoProblem && (
            <span className="field-error" role="alert">
              {t(photoProblem)}
            </span>
          )}
          {upload.status === "error" && <ErrorAlert error={upload.error} />}
        </div>
      </div>

      <form onSubmit={form.handleSubmit(save.run)} noValidate>
        <Field label={t("teacherProfile.bio")} error={errors.bio}>
          <textarea rows={4} maxLength={TEACHER_BIO_MAX} {...form.register("bio")} />
        </Field>
        <Field label={t("teacherProfile.experience")} error={errors.experience}>
          <textarea rows={4} maxLength={TEACHER_EXPERIENCE_MAX} {...form.register("experience")} />
        </Field>
        <fieldset className="teacher-profile-choices">
          <legend>{t("teacherProfile.specialities")}</legend>
          {teacherSpecialities.map((speciality) => (
            <label key={speciality} className="form-check">
              <input type="checkbox" value={speciality} {...form.register("specialities")} />
              {t(`teacherProfile.speciality.${speciality}`)}
            </label>
          ))}
        </fieldset>
        <fieldset
          className="teacher-profile-choices"
          aria-describedby={errors.languages ? "teacher-languages-error" : undefined}
        >
          <legend>{t("teacherProfile.languages")}</legend>
          {teacherLanguages.map((language) => (
            <label key={language} className="form-check">
              <input type="checkbox" value={language} {...form.register("languages")} />
              {t(`teacherProfile.language.${language}`)}
            </label>
          ))}
          {errors.languages?.message && (
            <span id="teacher-languages-error" className="field-error" role="alert">
              {t(errors.languages.message)}
            </span>
          )}
        </fieldset>
        <TeacherLevelsField levels={levels} chosen={loaded.levelIds} register={form.register("levelIds")} />
        {save.status === "error" && <ErrorAlert error={save.error} />}
        <button type="submit" className="btn btn-primary" disabled={save.status === "running"}>
          {save.status === "running" ? t("teacherProfile.saving") : t("teacherProfile.save")}
        </button>
      </form>

      <h3>{t("teacherProfile.preview")}</h3>
      <TeacherProfileDetails profile={profile} />
    </>
  );
};
