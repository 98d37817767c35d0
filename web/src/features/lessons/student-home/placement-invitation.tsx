import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useResource } from "../../../lib/use-resource";
import { fetchLatestPlacement } from "../api/latest-placement";

/**
 * The invitation to the level test, on the home a new student lands on after sign-up: until they have a
 * result (a test begun is offered to continue). Not essential to the page: while it loads, or should the
 * call fail, nothing is shown.
 */
export const PlacementInvitation = () => {
  const { t } = useTranslation();
  const latest = useResource(fetchLatestPlacement, "placement-latest");
  if (latest.status !== "ready" || latest.data.result) return null;
  const resuming = latest.data.inProgress !== null;
  return (
    <section className="card placement-invitation" aria-labelledby="placement-invitation-title">
      <h2 id="placement-invitation-title">{t("student.placement.title")}</h2>
      <p>{resuming ? t("student.placement.resume") : t("student.placement.text")}</p>
      <Link className="btn btn-primary" to="/student/teste-de-nivel">
        {resuming ? t("student.placement.resumeLink") : t("student.placement.link")}
      </Link>
    </section>
  );
};
