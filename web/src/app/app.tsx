import { BrowserRouter, useRoutes } from "react-router-dom";
import { SessionProvider } from "../lib/session/session-provider";
import { routes } from "./routes";

const AppRoutes = () => useRoutes(routes);

/**
 * React Router's declarative mode: the app loads no data through the router (pages fetch their own), and
 * leaving the data router out takes 14 kB of brotli off every first visit (docs/architecture.md).
 */
export const App = () => (
  <SessionProvider>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </SessionProvider>
);
