import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "../../../components/status/error-alert";
import { useMutation } from "../../../lib/use-mutation";
import { setFavorite } from "../api/favorite-teacher";

/** "Favoritar" / "Remover dos favoritos": a toggle, pressed while the teacher is a favourite. */
export const FavoriteButton = ({ teacherId, initial }: { teacherId: number; initial: boolean }) => {
  const { t } = useTranslation();
  const [favorite, setShown] = useState(initial);
  const toggle = useMutation(async (next: boolean) => {
    await setFavorite(teacherId, next);
    setShown(next);
  });
  return (
    <div className="directory-favorite">
      <button
        type="button"
        className={`btn btn-small ${favorite ? "btn-secondary" : "btn-outline"}`}
        aria-pressed={favorite}
        disabled={toggle.status === "running"}
        onClick={() => void toggle.run(!favorite)}
      >
        <span aria-hidden="true">{favorite ? "♥ " : "♡ "}</span>
        {favorite ? t("directory.favorite.remove") : t("directory.favorite.add")}
      </button>
      {toggle.status === "error" && <ErrorAlert error={toggle.error} />}
    </div>
  );
};
