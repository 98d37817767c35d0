import { lazy, Suspense } from "react";
import type { RouteObject } from "react-router-dom";
import { loadAreaTexts } from "../../i18n/i18n";
import { lazyPage } from "../../lib/lazy-page";
import { PrivateRoute } from "../../lib/session/private-route";

const MessagesPage = lazyPage(() => import("./screens").then((m) => m.MessagesPage));
const ReportedConversationsPage = lazyPage(() => import("./screens").then((m) => m.ReportedConversationsPage));
const ReportedConversationPage = lazyPage(() => import("./screens").then((m) => m.ReportedConversationPage));
/** Loaded once someone is signed in, with the areas' texts, so the landing page carries neither. */
const UnreadMessagesLinkLoaded = lazy(() =>
  Promise.all([import("./unread/unread-messages-link"), loadAreaTexts()]).then(([m]) => ({
    default: m.UnreadMessagesLink,
  })),
);

/** The header's "Mensagens" with the unread count, for a signed-in student or teacher. */
export const UnreadMessagesLink = () => (
  <Suspense fallback={null}>
    <UnreadMessagesLinkLoaded />
  </Suspense>
);

/** /mensagens and a conversation by its address, for students and teachers. */
export const messageRoutes: RouteObject[] = [
  {
    path: "mensagens",
    element: <PrivateRoute authorities={["ROLE_STUDENT", "ROLE_TEACHER"]} />,
    // One route for both, so opening a conversation keeps the list and its connection.
    children: [{ path: ":id?", element: <MessagesPage /> }],
  },
];

/** "Conversas denunciadas", a /gerencia section handed to `adminRoutes`: the queue and a reported conversation, read-only. */
export const messageSections: RouteObject[] = [
  { path: "conversas", element: <ReportedConversationsPage /> },
  { path: "conversas/:id", element: <ReportedConversationPage /> },
];
