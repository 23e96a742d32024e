// The service worker: keeps the page's files and the in-browser engine so
// that hotseat games in this browser (/?local) load and play offline.
// Files are fetched from the network first and kept; offline, the kept copy
// answers. The engine's module and script are named by content hash and
// kept as they are. The game API is never answered from here, except the
// title list, which the hotseat page needs to set up a game.

// The cache name is replaced when the worker is served (ui.Handler): it
// carries a hash of the page's files, so a new page installs a new worker.
const CACHE = 'tresham-v1';
// SHELL lists every file of the page (ui/static); a test in ./ui checks
// that it names each one.
const SHELL = [
  '/', '/index.html', '/style.css', '/tables.css', '/pages.css',
  '/cards.css', '/access.css',
  '/api.js', '/app.js', '/boardtext.js', '/clockview.js', '/coach.js', '/dom.js', '/effects.js', '/engine.js', '/entities.js', '/game.js', '/gameinfo.js', '/help.js',
  '/historynav.js', '/hotkeys.js', '/hotseat.js', '/i18n.js', '/i18n/fr.po', '/keyboard.js', '/lobby.js', '/localstore.js', '/mail.js', '/mapdisplay.js', '/mapview.js', '/notes.js', '/notify.js', '/options.js', '/orderbar.js',
  '/panel.js', '/profile.js', '/programs.js', '/review.js', '/rulehelp.js', '/routes.js', '/rules.js', '/settings.js', '/sheet.js', '/talk.js', '/tiles.js', '/timeline.js',
];

self.addEventListener('install', (ev) => {
  ev.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(SHELL);
    try { await keepEngine(cache); } catch { /* no engine on this server: the page says so */ }
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (ev) => {
  ev.waitUntil((async () => {
    for (const k of await caches.keys()) if (k !== CACHE) await caches.delete(k);
    await self.clients.claim();
  })());
});

// keepEngine stores the manifest and the module and script it names.
async function keepEngine(cache) {
  const res = await fetch('/wasm/manifest.json', { cache: 'no-cache' });
  if (!res.ok) return;
  const m = await res.clone().json();
  if (!m.wasm) return;
  await cache.addAll(['/wasm/' + m.wasm, '/wasm/' + m.exec]);
  await cache.put('/wasm/manifest.json', res);
}

self.addEventListener('fetch', (ev) => {
  const req = ev.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') && url.pathname !== '/api/titles') return;
  if (url.pathname === '/healthz' || url.pathname === '/metrics') return;
  if (url.pathname.startsWith('/wasm/') && url.pathname !== '/wasm/manifest.json') {
    ev.respondWith(cacheFirst(req)); // content-hashed: never changes
    return;
  }
  ev.respondWith(networkFirst(req, url));
});

async function cacheFirst(req) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) await cache.put(req, res.clone());
  return res;
}

async function networkFirst(req, url) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(req);
    if (res.ok) {
      // a page of the app is kept as '/': every page is index.html
      await cache.put(req.mode === 'navigate' ? '/' : req, res.clone());
      if (url.pathname === '/wasm/manifest.json') keepEngine(cache).catch(() => {});
    }
    return res;
  } catch (e) {
    const hit = await cache.match(req.mode === 'navigate' ? '/' : req, { ignoreSearch: req.mode === 'navigate' });
    if (hit) return hit;
    throw e;
  }
}
