import type { MaterialListQuery } from "@el/domain/catalog/catalog-requests";
import { type MaterialBody, MaterialView } from "@el/domain/catalog/catalog-views";
import { z } from "zod";
import { api } from "../../../lib/api";
import type { PageQuery } from "../../../lib/page-query";

/** `GET api/materials?all=true`: administrators also see the inactive ones. */
export const getMaterialPage = async (query: PageQuery) => {
  const response = await api.getWithHeaders<unknown>("api/materials", {
    ...query,
    all: "true",
  } satisfies MaterialListQuery);
  return {
    items: z.array(MaterialView).parse(response.data),
    total: Number(response.headers.get("X-Total-Count") ?? 0),
  };
};

export const getMaterial = async (id: number) => MaterialView.parse(await api.get(`api/materials/${id}`));

/**
 * What the form sends: the level as `{ id }` (spec section 5), the file in base64 as the backend takes it, left
 * out when editing keeps the old one.
 */
export type MaterialRequest = z.input<typeof MaterialBody>;

export const createMaterial = (body: MaterialRequest) => api.post<MaterialView | undefined>("api/materials", body);

/** `previous`: the material as the screen showed it, to tell when a 202's `Location` shows the change. */
export const updateMaterial = (id: number, body: MaterialRequest, previous: MaterialView) =>
  api.put<MaterialView | undefined>(`api/materials/${id}`, body, { previous });

/** Activation is a revision with `active: true`; the file stays as it is. */
export const activateMaterial = (material: MaterialView) =>
  updateMaterial(
    material.id,
    {
      level: { id: material.level.id },
      className: material.className,
      classNumber: material.classNumber,
      active: true,
    },
    material,
  );

/** `DELETE api/materials/{id}` deactivates: trails and lessons keep pointing at the material. */
export const deactivateMaterial = (id: number) => api.delete<void>(`api/materials/${id}`);
