import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { routes } from "./routes";
import { SessionProvider } from "./session/session-provider";

const router = createBrowserRouter(routes);

export const App = () => (
  <SessionProvider>
    <RouterProvider router={router} />
  </SessionProvider>
);
