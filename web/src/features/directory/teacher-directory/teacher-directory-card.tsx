import type { TeacherCard } from "@el/domain/directory/directory-contracts";
import { fullName } from "@el/domain/shared/full-name";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { TeacherRating } from "../../../components/teachers/teacher-rating";
import { dayKey, formatTime } from "../../../lib/lessons/lesson-time";
import { formatSlotDay } from "../../../lib/teachers/free-slots";
import { photoSrc } from "../../../lib/teachers/teacher-profile";

const initialsOf = (teacher: Pick<TeacherCard, "firstName" | "lastName">) =>
  `${teacher.firstName.charAt(0)}${teacher.lastName?.charAt(0) ?? ""}`.toUpperCase();

/** The directory's photo (256 px), or the teacher's initials where there is none. */
export const DirectoryPhoto = ({ teacher, size }: { teacher: TeacherCard; size: number }) => {
  const { t } = useTranslation();
  return teacher.photoUrl ? (
    <img
      className="directory-photo"
      src={photoSrc(teacher.photoUrl)}
      alt={t("teacherProfile.photoOf", { name: fullName(teacher) })}
      width={size}
      height={size}
      loading="lazy"
    />
  ) : (
    <span className="directory-photo directory-photo-initials" style={{ width: size, height: size }} aria-hidden="true">
      {initialsOf(teacher)}
    </span>
  );
};

/** "Próximo horário livre: ter., 01/12 às 18:00", or that the next two weeks are full. */
export const NextFreeSlot = ({ slot }: { slot: string | null }) => {
  const { t, i18n } = useTranslation();
  return (
    <p className="directory-next-slot">
      {slot
        ? t("directory.card.nextFreeSlot", {
            day: formatSlotDay(dayKey(new Date(slot)), i18n.language),
            time: formatTime(slot),
          })
        : t("directory.card.noFreeSlot")}
    </p>
  );
};

/** Specialities as tags and languages as a line: what the teacher teaches and speaks. */
export const TeacherTopics = ({ teacher }: { teacher: Pick<TeacherCard, "specialities" | "languages"> }) => {
  const { t } = useTranslation();
  return (
    <>
      {teacher.specialities.length > 0 && (
        <ul className="teacher-tags" aria-label={t("teacherProfile.specialities")}>
          {teacher.specialities.map((speciality) => (
            <li key={speciality}>{t(`teacherProfile.speciality.${speciality}`)}</li>
          ))}
        </ul>
      )}
      {teacher.languages.length > 0 && (
        <p className="directory-languages">
          {t("teacherProfile.spokenLanguages")}:{" "}
          {teacher.languages.map((language) => t(`teacherProfile.language.${language}`)).join(", ")}
        </p>
      )}
    </>
  );
};

/** One teacher in the directory: photo, name (to the profile), rating, lessons given, topics, bio line, next free start. */
export const TeacherDirectoryCard = ({ teacher }: { teacher: TeacherCard }) => {
  const { t } = useTranslation();
  const name = fullName(teacher);
  return (
    <article className="card directory-card" aria-label={name}>
      <div className="directory-card-head">
        <DirectoryPhoto teacher={teacher} size={72} />
        <div>
          <h3 className="directory-card-name">
            <Link to={`/professores/${teacher.id}`} className="directory-name-link">
              {name}
            </Link>
          </h3>
          <TeacherRating rating={{ average: teacher.rating, count: teacher.ratingCount }} />
          <p className="directory-lessons-given">{t("directory.card.lessonsGiven", { count: teacher.lessonsGiven })}</p>
        </div>
      </div>
      <TeacherTopics teacher={teacher} />
      {teacher.bio && <p className="directory-bio">{teacher.bio}</p>}
      <NextFreeSlot slot={teacher.nextFreeSlot} />
    </article>
  );
};
