import { format } from "date-fns";

/** DD/MM/YY HH:mm, the list format of spec section 9. */
export const formatDate = (iso: string | null | undefined) => (iso ? format(new Date(iso), "dd/MM/yy HH:mm") : "");
