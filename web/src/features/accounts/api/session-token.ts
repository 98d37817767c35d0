import { z } from "zod";
import { TOKEN_KEY, tokenStorage } from "../../../lib/api";

/** What a route that ends sessions answers: the token the signed-in browser goes on with. */
export const FreshToken = z.object({ id_token: z.string().min(1) });

/**
 * Keeps this browser signed in with the token the server just answered (the one it was using is revoked),
 * where the old one was kept: "remember me" kept it in localStorage.
 */
export const keepSession = (answer: unknown) => {
  const { id_token } = FreshToken.parse(answer);
  tokenStorage.set(id_token, localStorage.getItem(TOKEN_KEY) !== null);
};
