import { downloadFile } from "../../../lib/download";

/** `GET /api/audit/export?stream=`: the stream's events as NDJSON with the chain's head, saved as a file. */
export const exportStream = (stream: string) =>
  downloadFile(`/api/audit/export?stream=${encodeURIComponent(stream)}`, `audit-${stream}.ndjson`);
