// sw.js: offline support. Caches the whole built site on install, serves it cache-first, and drops
// the caches of older builds on activate. build.py replaces the marker below with
// {version, files}: the build's version (a hash of every file) and the site-relative file list.
// Content-hashed names (docs/build.md) mean an old page never gets a new file under an old name.
// A new version waits until every tab of the old one is closed (no skipWaiting by default); a page
// may post {type: "skip-waiting"} to switch at once (then it should reload).
const BUILD = /*@OMBRE_SW@*/ null;
const PREFIX = "ombre-";
const CACHE = PREFIX + (BUILD ? BUILD.version : "unbuilt");
const IMMUTABLE = /(?:[.-][0-9a-f]{12}[./]|\/[0-9a-f]{12}\/)/;

self.addEventListener("install", (event) => {
  if (!BUILD) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Hashed files may come from the HTTP cache (the page just downloaded them); the others are
      // revalidated so the cache never starts with a stale index.html.
      await Promise.all(
        BUILD.files.map(async (file) => {
          const url = new URL(file, self.registration.scope).href;
          const response = await fetch(url, { cache: IMMUTABLE.test(url) ? "default" : "no-cache" });
          if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
          await cache.put(url, response);
        }),
      );
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // ignoreSearch: the worker is started as engine-worker.<hash>.js?loader=...
      const hit = await cache.match(request, { ignoreSearch: true });
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (err) {
        // Offline and not cached: a navigation gets the cached start page.
        if (request.mode === "navigate") {
          const page = await cache.match(new URL("./", self.registration.scope).href);
          if (page) return page;
        }
        throw err;
      }
    })(),
  );
});
