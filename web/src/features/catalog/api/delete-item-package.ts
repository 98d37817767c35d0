import { api } from "../../../lib/api";

/** A deleted package is no longer sold; purchases made with it keep it. */
export const deleteItemPackage = (id: number) => api.delete<void>(`api/item-packages/${id}`);
