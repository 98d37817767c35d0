import { tokenStorage } from "../api";

/**
 * Signs in with a token the server answered outside the sign-in form (a Google or Facebook sign-in, a
 * sign-up finished after one): kept for this browser session, then the app loads afresh at `to`, where
 * the session restores itself from it as on any later visit. `page.load` is what tests replace.
 */
export const page = { load: (to: string) => window.location.assign(to) };

export const continueSignedIn = (token: string, to = "/") => {
  tokenStorage.set(token, false);
  page.load(to);
};
