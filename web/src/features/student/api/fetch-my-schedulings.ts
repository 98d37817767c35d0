import { z } from "zod";
import { api } from "../../../lib/api";
import { Scheduling, schedulingToCard } from "./scheduling";

/** Every lesson the signed-in student scheduled, with its teacher and link once claimed. */
export const fetchMySchedulings = async () =>
  z
    .array(Scheduling)
    .parse(await api.get("api/schedulings/authenticatedUser"))
    .map(schedulingToCard)
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
