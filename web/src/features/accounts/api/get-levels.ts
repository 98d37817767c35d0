import { TRIAL_LEVEL_ID } from "@el/domain/accounts/student-account";
import { activeLevels, fetchLevels } from "../../../lib/catalog/catalog-api";

/**
 * `GET api/levels`: the English levels a student registers in. Only active levels are offered in forms
 * (spec section 3), and never the trial lessons' level ("Aula Experimental"), which the server refuses.
 */
export const getStudentLevels = async () =>
  activeLevels(await fetchLevels()).filter((level) => level.id !== TRIAL_LEVEL_ID);
