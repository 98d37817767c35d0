import { fullName } from "@el/domain/shared/full-name";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Loading } from "../../../components/status/loading";
import { FreeSlotLinks } from "../../../components/teachers/free-slot-links";
import { TeacherRating } from "../../../components/teachers/teacher-rating";
import { useResource } from "../../../lib/use-resource";
import { getFavorites } from "../api/get-favorites";
import { DirectoryPhoto } from "../teacher-directory/teacher-directory-card";
import "../directory.css";

/**
 * "Meus professores favoritos" on the student's home: each favourite with their next free starts, a click
 * on one opening its booking on the teacher's page. A failure to load stays inside the block, with a way
 * to try again: the rest of the home does not depend on it.
 */
export const FavoriteTeachers = () => {
  const { t } = useTranslation();
  const favorites = useResource(getFavorites, "favorite-teachers");
  return (
    <section className="card directory-favorites" aria-labelledby="favorites-title">
      <h2 id="favorites-title">{t("directory.favorites.title")}</h2>
      {favorites.status === "loading" && <Loading />}
      {favorites.status === "failed" && (
        <div className="alert alert-danger">
          {t("directory.favorites.failed")}{" "}
          <button type="button" className="btn btn-small btn-outline" onClick={favorites.reload}>
            {t("directory.favorites.retry")}
          </button>
        </div>
      )}
      {favorites.status === "ready" && favorites.data.length === 0 && (
        <p>
          {t("directory.favorites.none")} <Link to="/professores">{t("directory.favorites.find")}</Link>
        </p>
      )}
      {favorites.status === "ready" && favorites.data.length > 0 && (
        <>
          <ul className="directory-favorite-list">
            {favorites.data.map((teacher) => {
              const name = fullName(teacher);
              return (
                <li key={teacher.id} className="directory-favorite-row">
                  <DirectoryPhoto teacher={teacher} size={48} />
                  <div>
                    <Link to={`/professores/${teacher.id}`} className="directory-name-link">
                      {name}
                    </Link>
                    <br />
                    <TeacherRating rating={{ average: teacher.rating, count: teacher.ratingCount }} />
                  </div>
                  {teacher.nextFreeSlots.length > 0 ? (
                    <FreeSlotLinks
                      teacherId={teacher.id}
                      slots={teacher.nextFreeSlots}
                      label={t("directory.favorites.slotsOf", { name })}
                    />
                  ) : (
                    <span className="directory-hint">{t("directory.card.noFreeSlot")}</span>
                  )}
                </li>
              );
            })}
          </ul>
          <p>
            <Link to="/professores">{t("directory.favorites.findMore")}</Link>
          </p>
        </>
      )}
    </section>
  );
};
