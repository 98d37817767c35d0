import { ApiError, tokenStorage } from "../api";

/** The name the server gives in `Content-Disposition` (the UTF-8 form first), else a fallback. */
const fileNameOf = (disposition: string | null, fallback: string) => {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
};

/**
 * `GET api/materials/{id}/download` needs the bearer header, which a plain link cannot send: the file
 * is fetched here and handed to the browser as a blob to save.
 */
export const downloadMaterial = async (id: number) => {
  const headers: Record<string, string> = {};
  const token = tokenStorage.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(new URL(`/api/materials/${id}/download`, window.location.origin), { headers });
  } catch {
    throw new ApiError(0, "error.server.not.reachable");
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, payload.message ?? "error.unknown");
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileNameOf(response.headers.get("Content-Disposition"), `material-${id}`);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
  return anchor.download;
};
