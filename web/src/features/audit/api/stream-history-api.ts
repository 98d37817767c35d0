import { StreamHistory } from "@el/domain/audit/audit-views";
import { api } from "../../../lib/api";

/** `GET /api/audit/streams/{stream}?at=`: the stream's events with the state after each, up to `at`. */
export const getStreamHistory = async (stream: string, at?: string) =>
  StreamHistory.parse(
    await api.get<unknown>(`api/audit/streams/${encodeURIComponent(stream)}`, at ? { at } : undefined),
  );
