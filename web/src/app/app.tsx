import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { SessionProvider } from "../lib/session/session-provider";
import { routes } from "./routes";

const router = createBrowserRouter(routes);

export const App = () => (
  <SessionProvider>
    <RouterProvider router={router} />
  </SessionProvider>
);
