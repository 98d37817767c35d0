import { json } from "../../../test/fake-api";

/** What `GET api/{provider}/code` answers for each outcome. */
export const outcomes = {
  signedIn: () => json({ outcome: "signedIn", id_token: "token-of-beatriz" }),
  registration: () =>
    json({
      outcome: "registration",
      ticket: "ticket-1",
      email: "beatriz@example.com",
      firstName: "Beatriz",
      lastName: "Lima",
      imageUrl: "https://photos.example.com/beatriz.jpg",
    }),
  passwordRequired: () => json({ outcome: "passwordRequired", ticket: "ticket-2", email: "ana@example.com" }),
  forgedState: () =>
    json(
      {
        message: "social.messages.error.state",
        fieldErrors: [{ field: "state", message: "social.messages.error.state" }],
      },
      { status: 400, headers: { "X-app-error": "social.messages.error.state" } },
    ),
};

/** The account a token signs in (the app loads it after the page reloads). */
export const studentAccount = () =>
  json({
    id: 5,
    login: "beatriz@example.com",
    email: "beatriz@example.com",
    activated: true,
    authorities: ["ROLE_USER", "ROLE_STUDENT"],
  });
