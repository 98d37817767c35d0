import { FlaggedTeacherView } from "@el/domain/disputes/dispute-contracts";
import { z } from "zod";
import { api } from "../../../lib/api";

/** `GET api/disputes/flagged-teachers`: teachers reported absent (or withheld) three times in 30 days. */
export const getFlaggedTeachers = async () =>
  z.array(FlaggedTeacherView).parse(await api.get<unknown>("api/disputes/flagged-teachers"));
