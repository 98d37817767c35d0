import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { textsReady } from "./i18n/i18n";
import "./app/theme.css";

const render = () =>
  createRoot(document.getElementById("root") as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// A visitor who chose English waits for its texts rather than seeing Portuguese first; if they cannot
// be fetched, the page still opens, in Portuguese.
textsReady.then(render, render);
