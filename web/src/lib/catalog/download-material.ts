import { downloadFile } from "../download";

/** Saves a trail's material (`GET api/materials/{id}/download`); answers the file's name. */
export const downloadMaterial = (id: number) => downloadFile(`/api/materials/${id}/download`, `material-${id}`);
