import type { TeacherPublicProfile } from "@el/domain/directory/directory-contracts";
import { fullName } from "@el/domain/shared/full-name";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { ErrorAlert } from "../../../components/status/error-alert";
import { Loading } from "../../../components/status/loading";
import { TeacherRating } from "../../../components/teachers/teacher-rating";
import { hasAnyAuthority } from "../../../lib/session/account";
import { useSession } from "../../../lib/session/session-provider";
import { photoSrc } from "../../../lib/teachers/teacher-profile";
import { useResource } from "../../../lib/use-resource";
import { getTeacher } from "../api/get-teacher";
import { getTeacherSlots } from "../api/get-teacher-slots";
import { DirectoryPhoto, TeacherTopics } from "../teacher-directory/teacher-directory-card";
import "../directory.css";
import { FavoriteButton } from "./favorite-button";
import { SlotPicker } from "./slot-picker";
import { StudentBooking } from "./student-booking";
import { TeacherReviews } from "./teacher-reviews";

/** The chosen free start lives in the URL (`?horario=`): a favourite's slot, a sign-in and back all keep it. */
const SLOT_PARAM = "horario";

/**
 * /professores/:id, for anyone: the teacher's public profile, free starts of the next two weeks, and the
 * reviews. A student books a start (once or every week), asks for another time, and keeps the teacher as
 * a favourite; someone signed out who tries is sent to sign in and comes back to the same start.
 */
export const TeacherPage = () => {
  const { t } = useTranslation();
  const teacherId = Number(useParams().id);
  const profile = useResource(() => getTeacher(teacherId), `teacher-${teacherId}`);
  return (
    <div className="page directory-page">
      <Link to="/professores" className="directory-back">
        {t("directory.profile.back")}
      </Link>
      {profile.status === "loading" && <Loading />}
      {profile.status === "failed" && <ErrorAlert error={profile.error} />}
      {profile.status === "ready" && <TeacherProfileView teacher={profile.data} />}
    </div>
  );
};

const TeacherProfileView = ({ teacher }: { teacher: TeacherPublicProfile }) => {
  const { t } = useTranslation();
  const { state, account } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const slots = useResource(() => getTeacherSlots(teacher.id), `slots-${teacher.id}`);
  const [requesting, setRequesting] = useState(false);
  const signedOut = state !== "authenticated" || !account;
  const student = !signedOut && hasAnyAuthority(account, ["ROLE_STUDENT"]);
  const name = fullName(teacher);
  const chosen = search.get(SLOT_PARAM);
  const free = slots.status === "ready" ? slots.data : [];
  const chosenFree = chosen !== null && free.some((slot) => Date.parse(slot) === Date.parse(chosen)) ? chosen : null;

  const choose = (slot: string | null) => {
    const next = new URLSearchParams(search);
    if (slot) next.set(SLOT_PARAM, slot);
    else next.delete(SLOT_PARAM);
    if (signedOut) {
      navigate("/login", { state: { from: { ...location, search: `?${next.toString()}` } } });
      return;
    }
    setSearch(next, { replace: true });
  };
  const signIn = () => navigate("/login", { state: { from: location } });

  return (
    <>
      <article className="card directory-profile" aria-labelledby="teacher-name">
        <div className="directory-card-head">
          {teacher.photo ? (
            <img
              className="directory-photo"
              src={photoSrc(teacher.photo.large)}
              alt={t("teacherProfile.photoOf", { name })}
              width={128}
              height={128}
            />
          ) : (
            <DirectoryPhoto teacher={teacher} size={128} />
          )}
          <div>
            <h1 id="teacher-name">{name}</h1>
            <TeacherRating rating={{ average: teacher.rating, count: teacher.ratingCount }} />
            <p className="directory-lessons-given">
              {t("directory.card.lessonsGiven", { count: teacher.lessonsGiven })}
            </p>
            {student ? (
              <>
                <FavoriteButton teacherId={teacher.id} initial={teacher.favorite} />{" "}
                {/* The messages open (or start) the conversation, or say the two share no lesson yet. */}
                <Link to={`/mensagens?com=${teacher.id}`} className="btn btn-small btn-outline">
                  {t("directory.profile.message")}
                </Link>
              </>
            ) : (
              signedOut && (
                <button type="button" className="btn btn-small btn-outline" onClick={signIn}>
                  <span aria-hidden="true">♡ </span>
                  {t("directory.favorite.add")}
                </button>
              )
            )}
          </div>
        </div>
        <TeacherTopics teacher={teacher} />
        {teacher.about && (
          <>
            <h2>{t("directory.profile.about")}</h2>
            <p className="directory-about">{teacher.about}</p>
          </>
        )}
        {teacher.experience && (
          <>
            <h2>{t("directory.profile.experience")}</h2>
            <p className="directory-about">{teacher.experience}</p>
          </>
        )}
      </article>

      <section className="card directory-slots" aria-labelledby="slots-title">
        <h2 id="slots-title">{t("directory.slots.title")}</h2>
        <p className="directory-hint">{t("directory.slots.timeZone")}</p>
        {slots.status === "loading" && <Loading />}
        {slots.status === "failed" && <ErrorAlert error={slots.error} />}
        {slots.status === "ready" && <SlotPicker slots={slots.data} chosen={chosenFree} onChoose={choose} />}
        {slots.status === "ready" && chosen !== null && chosenFree === null && (
          <p className="alert alert-warning" role="status">
            {t("directory.slots.gone")}
          </p>
        )}
      </section>

      {student && (
        <StudentBooking
          teacherId={teacher.id}
          teacherName={name}
          firstName={teacher.firstName}
          slot={chosenFree}
          requesting={requesting}
          onRequest={() => setRequesting(true)}
          onBooked={() => {
            choose(null);
            slots.reload();
          }}
          onSlotTaken={() => {
            choose(null);
            slots.reload();
          }}
        />
      )}
      {signedOut && (
        <section className="card directory-booking" aria-labelledby="booking-title">
          <h2 id="booking-title">{t("directory.booking.title", { name: teacher.firstName })}</h2>
          <p>{t("directory.booking.signInFirst")}</p>
          <button type="button" className="btn btn-primary" onClick={signIn}>
            {t("directory.booking.signIn")}
          </button>
        </section>
      )}

      <TeacherReviews reviews={teacher.reviews} />
    </>
  );
};
