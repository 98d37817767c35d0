import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { textsReady } from "./i18n/i18n";
import "./app/theme.css";

/**
 * The first render as a transition: React then renders the page a few milliseconds at a time, letting the
 * browser in between, instead of in one long task that keeps a phone from answering a tap (Total Blocking Time).
 */
const render = () => {
  const root = createRoot(document.getElementById("root") as HTMLElement);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};

// A visitor who chose English waits for its texts rather than seeing Portuguese first; if they cannot
// be fetched, the page still opens, in Portuguese.
textsReady.then(render, render);

// The service worker (web/public/sw.js: the app shell offline, phone notifications) once the page has loaded, so
// it costs the first visit nothing; without one (an old browser, a non-secure origin) the site works online only.
window.addEventListener("load", () => navigator.serviceWorker?.register("/sw.js").catch(() => undefined), {
  once: true,
});
