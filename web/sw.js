// sw.js: offline support. Caches the whole built site on install, serves it from the cache, and
// drops the caches of older builds on activate. build.py replaces the marker below with
// {version, files}: the build's version (a hash of every file) and the site-relative file list.
//
// Pages (navigations) are network-first, so an online reload always gets the current build's
// index.html, which names its content-hashed files; everything else is cache-first. Because every
// JS/CSS/runtime file is content-hashed (docs/build.md), a new version can take over at once
// (skipWaiting): a page of the old version never receives a new file under an old name.
const BUILD = /*@OMBRE_SW@*/ null;
const PREFIX = "ombre-";
const CACHE = PREFIX + (BUILD ? BUILD.version : "unbuilt");
const IMMUTABLE = /(?:[.-][0-9a-f]{12}[./]|\/[0-9a-f]{12}\/)/;

const NAVIGATION_TIMEOUT_MS = 4000;

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
      await self.skipWaiting();
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

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(request.mode === "navigate" ? page(request) : asset(request));
});

/** Network first (bounded wait); offline or too slow: the cached page, else the start page. */
async function page(request) {
  try {
    return await Promise.race([
      fetch(request),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), NAVIGATION_TIMEOUT_MS)),
    ]);
  } catch (err) {
    const cache = await caches.open(CACHE);
    const cached =
      (await cache.match(request, { ignoreSearch: true })) ??
      (await cache.match(new URL("./", self.registration.scope).href));
    if (cached) return cached;
    throw err;
  }
}

/** Cache first (ignoreSearch: the worker is started as engine-worker.<hash>.js?loader=...). */
async function asset(request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(request, { ignoreSearch: true })) ?? fetch(request);
}
