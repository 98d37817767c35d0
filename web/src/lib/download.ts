import { ApiError, tokenStorage } from "./api";

/** The name the server gives in `Content-Disposition` (the UTF-8 form first), else a fallback. */
const fileNameOf = (disposition: string | null, fallback: string) => {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
};

/**
 * Saves the file an API path answers. A plain link cannot send the bearer header those paths need, so
 * the file is fetched here and handed to the browser as a blob to save. Answers the file's name.
 */
export const downloadFile = async (path: string, fallbackName: string) => {
  const headers: Record<string, string> = {};
  const token = tokenStorage.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(new URL(path, window.location.origin), { headers });
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
  anchor.download = fileNameOf(response.headers.get("Content-Disposition"), fallbackName);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
  return anchor.download;
};
