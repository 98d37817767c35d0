import { api } from "../../../lib/api";

export const deleteCoupon = (id: number) => api.delete<void>(`api/coupons/${id}`);
