import type { FlaggedTeacherView } from "@el/domain/disputes/dispute-contracts";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { useResource } from "../../../lib/use-resource";
import { getFlaggedTeachers } from "../api/get-flagged-teachers";

const NONE = new Map<number, FlaggedTeacherView>();

/**
 * The teachers flagged now by a pattern of no-shows, by id (the disputes queue flags the same ones). Empty
 * while loading, if the list cannot be read, and on a list read from a replay: the flags are today's.
 */
export const useFlaggedTeachers = (): Map<number, FlaggedTeacherView> => {
  const replay = useSearchParams()[0].get("replay");
  const flagged = useResource(async () => (replay ? [] : getFlaggedTeachers()), `flagged-teachers-${replay ?? ""}`);
  if (flagged.status !== "ready") return NONE;
  return new Map(flagged.data.map((teacher) => [teacher.teacherId, teacher]));
};

/** "Sinalizado", with how many absences in 30 days as its accessible description. */
export const FlaggedBadge = ({ teacher }: { teacher: FlaggedTeacherView }) => {
  const { t } = useTranslation();
  const detail = t("gerencia.teachers.flaggedDetail", { count: teacher.disputes });
  return (
    <span className="badge badge-danger" title={detail}>
      {t("gerencia.teachers.flagged")}
    </span>
  );
};
