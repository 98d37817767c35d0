import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

/** Any other path (spec section 2), with the way back home. */
export const PageNotFound = () => {
  const { t } = useTranslation();
  return (
    <div className="alert alert-danger" role="alert">
      <p>{t("error.page.notfound")}</p>
      <Link to="/">{t("error.page.home")}</Link>
    </div>
  );
};
