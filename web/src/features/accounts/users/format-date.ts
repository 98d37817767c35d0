import { formatDay, formatTime } from "../../../lib/lessons/lesson-time";

/** DD/MM/YY HH:mm on São Paulo's clock, the list format of spec section 9, as every other screen shows times. */
export const formatDate = (iso: string | null | undefined) => (iso ? `${formatDay(iso)} ${formatTime(iso)}` : "");
