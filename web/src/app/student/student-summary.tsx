import type { LevelView } from "@el/domain/catalog/catalog-views";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useLevelName } from "../../lib/catalog/level-name";
import { useStudent } from "../../lib/session/student-context";
import { balanceLabelKey } from "./balance-label";

/** The area header: the student's level and lesson balance, with the way to buy more. */
export const StudentSummary = ({ levels }: { levels: readonly LevelView[] }) => {
  const { t } = useTranslation();
  const levelName = useLevelName();
  const { balance, trialCredits, levelId } = useStudent();
  const level = levels.find((candidate) => candidate.id === levelId);
  return (
    <>
      {level && (
        <span className="area-pill" data-testid="student-level">
          {t("student.summary.level")}: {levelName(level.name)}
        </span>
      )}
      <span className="area-pill" data-testid="student-balance" aria-live="polite">
        {t(balanceLabelKey(balance), { amount: balance })}
      </span>
      {trialCredits > 0 && (
        <span className="area-pill" data-testid="student-trial" aria-live="polite">
          {t("student.summary.trial", { count: trialCredits })}
        </span>
      )}
      <Link to="/student/contratar-aulas" className="btn btn-secondary btn-small">
        {t("student.summary.buy")}
      </Link>
    </>
  );
};
