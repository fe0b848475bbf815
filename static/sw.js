// SprayLab's service worker: the site works offline once it has loaded.
//
// On install it caches the page and everything the page loads: index.html names the app's
// hashed script, WebAssembly and style files, which are read from it, and the simulation
// worker's two files have fixed names. Afterwards the page itself is fetched network-first (a new
// deployment is picked up when online; the cached copy serves offline), and every other file
// cache-first (hashed names never change content), cached as it is fetched.
const CACHE = 'spraylab-v1';
const FIXED = ['./', './index.html', './worker.js', './worker_bg.wasm', './manifest.webmanifest'];

self.addEventListener('install', event => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FIXED);
    const page = await (await cache.match('./index.html')).text();
    const assets = new Set(page.match(/\.\/[A-Za-z0-9_.-]+\.(?:js|wasm|css|svg|png)/g) || []);
    await cache.addAll([...assets]);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', event => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', event => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).then(response => {
      const copy = response.clone();
      caches.open(CACHE).then(cache => cache.put('./index.html', copy));
      return response;
    }).catch(async () => (await caches.match('./index.html')) || Response.error()));
    return;
  }
  event.respondWith((async () => {
    const cached = await caches.match(request);
    if (cached) return cached;
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then(cache => cache.put(request, copy));
    }
    return response;
  })());
});
