/*
 * The web app's service worker (hand-written: it caches the app shell and shows phone notifications, nothing
 * more, and a generated one would still need these handlers). Served from the site's root, `no-cache`, so a
 * release's worker replaces the last one at the next visit.
 *
 * - A page (navigation) comes from the network; offline, the last index.html kept answers any path, and the
 *   app shows what it saved of the person's next lessons.
 * - `/assets/` files have hashed names that never change: the first copy fetched serves from then on. The
 *   worker takes control of the open page at once, so the area a person signs in to is kept as it loads.
 * - The API, socket.io and management paths are never cached here: they carry a person's data and tokens.
 * - A push message is the JSON `PushPayload` of `domain/src/push` (sealed end to end): shown, and a tap opens
 *   its page in the app.
 */
const SHELL = "shell-v1";
const ASSETS = "assets-v1";
const NEVER_CACHED = /^\/(api|socket\.io|management)\//;

const keepShell = async () => {
  const response = await fetch("/", { cache: "no-cache" });
  if (!response.ok) return;
  const html = await response.clone().text();
  const cache = await caches.open(SHELL);
  await cache.put("/", response);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  await cacheAssets(assets);
};

const cacheAssets = async (urls) => {
  const cache = await caches.open(ASSETS);
  await Promise.all(
    urls
      .filter((url) => new URL(url, self.location.origin).pathname.startsWith("/assets/"))
      .map(async (url) => {
        if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
      }),
  );
};

self.addEventListener("install", (event) => {
  event.waitUntil(keepShell().finally(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name !== SHELL && name !== ASSETS).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return;
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && response.headers.get("content-type")?.startsWith("text/html")) {
            const copy = response.clone();
            event.waitUntil(caches.open(SHELL).then((cache) => cache.put("/", copy)));
          }
          return response;
        })
        .catch(async () => (await caches.match("/", { cacheName: SHELL })) ?? Response.error()),
    );
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.match(request, { cacheName: ASSETS }).then(
        (kept) =>
          kept ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              event.waitUntil(caches.open(ASSETS).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
  }
});

self.addEventListener("push", (event) => {
  let message;
  try {
    message = event.data?.json();
  } catch {
    return;
  }
  if (!message?.title) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: "/icons/icon-192.png",
      lang: "pt-BR",
      data: { url: typeof message.url === "string" && message.url.startsWith("/") ? message.url : "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data?.url ?? "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
