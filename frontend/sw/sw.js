// The service worker, served at /sw.js with Cache-Control: no-cache. The
// build (the resale:service-worker plugin in vite.config.ts) fills in
// VERSION and PRECACHE: the first page's hashed scripts and styles, the
// offline page and what it shows, the icons. A new build is a new VERSION,
// so the browser installs the new worker, which drops the old caches.
//
// What it does, and what it never does:
// - page loads (navigations) go to the network first; only when that fails
//   (offline) does it answer with the offline page. index.html itself is
//   never kept, so an upgrade can never serve a page whose scripts are gone;
// - the hashed files under /assets/ never change: from the cache first,
//   kept as they are fetched;
// - the offline page's own files come from this version's cache;
// - everything else (the API, uploads, payments, other sites) is left alone:
//   the browser fetches it as if there were no worker, and nothing of it is kept.
// And (#37) it shows the notifications the server pushes, opening their page on a tap.
const CACHE = `resale-${VERSION}`;
const OFFLINE = "/offline.html";
const precached = new Set(PRECACHE);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // past the HTTP cache: an hour-old copy of a public file must not stick for the next version
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith("resale-") && n !== CACHE).map((n) => caches.delete(n)));
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === "navigate") {
    event.respondWith(page(event));
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(hashed(request));
    return;
  }
  if (precached.has(url.pathname) && url.search === "") {
    event.respondWith(caches.match(url.pathname, { cacheName: CACHE }).then((hit) => hit ?? fetch(request)));
  }
  // anything else: not answered here, so the browser goes to the network itself
});

/** page is the network's answer to a page load, else (offline) the offline page. */
async function page(event) {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded ?? (await fetch(event.request));
  } catch (err) {
    const offline = await caches.match(OFFLINE, { cacheName: CACHE });
    if (offline) return offline;
    throw err;
  }
}

/** hashed answers a file under /assets/ from the cache, else fetches and keeps it. */
async function hashed(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

// Web Push (#37): the server pushes a notification the user wants on this
// device (jobs/push.go) as {title, body, link, tag, kind}. It is shown
// even with the shop closed; a tap focuses a tab of the shop on its page,
// or opens one. A push that does not read still shows something, as
// browsers require of every push.
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = typeof message.title === "string" && message.title ? message.title : "Resale";
  const link = typeof message.link === "string" && message.link.startsWith("/") && !message.link.startsWith("//") ? message.link : "/notifications";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" ? message.tag : undefined,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { link },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const link = event.notification.data?.link ?? "/notifications";
  const target = new URL(link, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const same = tabs.find((c) => c.url === target) ?? tabs.find((c) => new URL(c.url).origin === self.location.origin);
      if (same) {
        // navigate() works on a tab this worker controls; another is only focused
        if (same.url !== target && "navigate" in same) await same.navigate(target).catch(() => null);
        return same.focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});
