import { useTranslation } from "react-i18next";

export const PageNotFound = () => {
  const { t } = useTranslation();
  return (
    <div className="alert alert-danger" role="alert">
      {t("error.page.notfound")}
    </div>
  );
};
