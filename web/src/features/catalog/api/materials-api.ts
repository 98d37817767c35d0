import { type MaterialBody, MaterialView } from "@el/domain/catalog/catalog-views";
import { z } from "zod";
import { api } from "../../../lib/api";
import type { PageQuery } from "./levels-api";

/** `GET api/materials?all=true`: administrators also see the inactive ones. */
export const getMaterialPage = async (query: PageQuery) => {
  const response = await api.getWithHeaders<unknown>("api/materials", { ...query, all: true });
  return {
    items: z.array(MaterialView).parse(response.data),
    total: Number(response.headers.get("X-Total-Count") ?? 0),
  };
};

export const getMaterial = async (id: number) => MaterialView.parse(await api.get(`api/materials/${id}`));

/** What the form sends: the file in base64, as the backend takes it; left out when editing keeps the old one. */
export interface MaterialInput {
  levelId: number;
  className: string;
  classNumber: number;
  active: boolean;
  file?: { base64: string; contentType: string };
}

const bodyOf = (input: MaterialInput): z.input<typeof MaterialBody> => ({
  // Spec section 5: material save converts the level to { id }.
  level: { id: input.levelId },
  className: input.className,
  classNumber: input.classNumber,
  active: input.active,
  ...(input.file ? { file: input.file.base64, fileContentType: input.file.contentType } : {}),
});

export const createMaterial = (input: MaterialInput) =>
  api.post<MaterialView | undefined>("api/materials", bodyOf(input));

/** `previous`: the material as the screen showed it, to tell when a 202's `Location` shows the change. */
export const updateMaterial = (id: number, input: MaterialInput, previous: MaterialView) =>
  api.put<MaterialView | undefined>(`api/materials/${id}`, bodyOf(input), { previous });

/** Activation is a revision with `active: true`; the file stays as it is. */
export const activateMaterial = (material: MaterialView) =>
  updateMaterial(
    material.id,
    { levelId: material.level.id, className: material.className, classNumber: material.classNumber, active: true },
    material,
  );

/** `DELETE api/materials/{id}` deactivates: trails and lessons keep pointing at the material. */
export const deactivateMaterial = (id: number) => api.delete<void>(`api/materials/${id}`);
