import type { TeacherProfileView } from "@el/domain/accounts/teacher-profile";
import { fullName } from "@el/domain/shared/full-name";
import { useTranslation } from "react-i18next";
import { fetchTeacherProfile, photoSrc } from "../../lib/teachers/teacher-profile";
import { useResource } from "../../lib/use-resource";
import { ErrorAlert } from "../status/error-alert";
import { Loading } from "../status/loading";
import { TeacherRating } from "./teacher-rating";
import "./teachers.css";

const initialsOf = (profile: Pick<TeacherProfileView, "firstName" | "lastName">) =>
  `${profile.firstName.charAt(0)}${profile.lastName?.charAt(0) ?? ""}`.toUpperCase();

/** The teacher's photo, or their initials where there is none. */
export const TeacherPhoto = ({ profile, size }: { profile: TeacherProfileView; size: "large" | "small" }) => {
  const { t } = useTranslation();
  const pixels = size === "large" ? 128 : 40;
  return profile.photo ? (
    <img
      className={`teacher-photo teacher-photo-${size}`}
      src={photoSrc(size === "large" ? profile.photo.large : profile.photo.small)}
      alt={t("teacherProfile.photoOf", { name: fullName(profile) })}
      width={pixels}
      height={pixels}
      loading="lazy"
    />
  ) : (
    <span className={`teacher-photo teacher-photo-${size} teacher-photo-initials`} aria-hidden="true">
      {initialsOf(profile)}
    </span>
  );
};

/** What the student sees of their teacher: photo, name, rating, bio, experience, specialities, languages. */
export const TeacherProfileDetails = ({ profile }: { profile: TeacherProfileView }) => {
  const { t } = useTranslation();
  return (
    <section className="teacher-card" aria-label={t("teacherProfile.about", { name: profile.firstName })}>
      <div className="teacher-card-head">
        <TeacherPhoto profile={profile} size="large" />
        <div>
          <h3 className="teacher-card-name">{fullName(profile)}</h3>
          <TeacherRating rating={profile.rating} />
        </div>
      </div>
      {profile.bio && <p className="teacher-card-bio">{profile.bio}</p>}
      <dl className="teacher-card-facts">
        {profile.experience && (
          <>
            <dt>{t("teacherProfile.experience")}</dt>
            <dd>{profile.experience}</dd>
          </>
        )}
        {profile.specialities.length > 0 && (
          <>
            <dt>{t("teacherProfile.specialities")}</dt>
            <dd>
              <ul className="teacher-tags">
                {profile.specialities.map((speciality) => (
                  <li key={speciality}>{t(`teacherProfile.speciality.${speciality}`)}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {profile.languages.length > 0 && (
          <>
            <dt>{t("teacherProfile.spokenLanguages")}</dt>
            <dd>{profile.languages.map((language) => t(`teacherProfile.language.${language}`)).join(", ")}</dd>
          </>
        )}
      </dl>
    </section>
  );
};

/** A teacher's profile loaded by id, with its loading and error states. */
export const TeacherCard = ({ teacherId }: { teacherId: number }) => {
  const profile = useResource(() => fetchTeacherProfile(teacherId), `teacher-${teacherId}`);
  if (profile.status === "loading") return <Loading />;
  if (profile.status === "failed") return <ErrorAlert error={profile.error} />;
  return <TeacherProfileDetails profile={profile.data} />;
};

/** The teacher in a lesson row: small photo, name and rating; the name alone while it loads or if it fails. */
export const TeacherChip = ({ teacherId, name }: { teacherId: number; name: string }) => {
  const profile = useResource(() => fetchTeacherProfile(teacherId), `teacher-${teacherId}`);
  if (profile.status !== "ready") return <>{name}</>;
  return (
    <span className="teacher-chip">
      <TeacherPhoto profile={profile.data} size="small" />
      <span>
        {name}
        <br />
        <TeacherRating rating={profile.data.rating} />
      </span>
    </span>
  );
};
