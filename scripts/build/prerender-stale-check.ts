/**
 * The head scripts the build writes into its pages (DESIGN §12) and the CSP sources that allow
 * them: the pre-rendered pages' stale check, and index.html's route preload. Apart from
 * scripts/build/prerender-plugin.ts so that the hosting tests can check firebase.json against them.
 */
import { createHash } from 'node:crypto';

/**
 * What the head scripts read of the state src/app/persist.ts stores (redux-persist: each slice a
 * JSON object of JSON-encoded fields), as plain functions put at the top of each script:
 * - `persisted(storage, key)`: the slice stored under `persist:<key>`, `{}` when none, `null` when
 *   unreadable;
 * - `field(slice, name)`: one decoded field, `null` when absent or unreadable;
 * - `rememberedUser()`: the persisted user hint (this tab's first, then the browser's) — stored under
 *   `user` once the session is confirmed, `lastUser` before — or `null`;
 * - `startLocale(preferences)`: the chosen language, else the browser's first supported one
 *   (src/domain/locales.ts's `localeFromPreferences`), else `null`.
 */
const PERSISTED_STATE_READERS = `function persisted(storage, key) {
    try { return JSON.parse(storage.getItem('persist:' + key) || '{}'); } catch (e) { return null; }
  }
  function field(record, name) {
    try { return record && record[name] ? JSON.parse(record[name]) : null; } catch (e) { return null; }
  }
  function rememberedUser() {
    var stores = [persisted(sessionStorage, 'triage.auth'), persisted(localStorage, 'triage.auth')];
    for (var i = 0; i < stores.length; i++) {
      var user = field(stores[i], 'user') || field(stores[i], 'lastUser');
      if (user) return user;
    }
    return null;
  }
  function startLocale(preferences) {
    var locale = field(preferences, 'locale');
    var tags = navigator.languages || [];
    for (var i = 0; !locale && i < tags.length; i++) {
      var base = String(tags[i]).toLowerCase().split('-')[0];
      if (base === 'en' || base === 'es' || base === 'ar') locale = base;
    }
    return locale;
  }`;

/**
 * Runs before the first paint of a pre-rendered page: when what the app will render differs from
 * the page (a persisted dark theme, a language other than English, a remembered user — DESIGN §12),
 * it marks `<html data-prerender="stale">`, which hides the page and shows the start-up line until
 * the app has rendered. It reads what src/app/persist.ts writes; src/index.tsx decides to hydrate
 * from the store itself.
 *
 * It also starts the app's scripts only once the page has been painted: they wait in
 * `<template id="triage-scripts">` (written by scripts/build/prerender-plugin.ts) and are added, in order,
 * after the first frame (or 250 ms at the latest, e.g. in a background tab), so their download
 * never competes with the page's own paint.
 *
 * It also holds back a form's submission until the app has taken the page over: a click on
 * "Sign in" before the scripts run would otherwise reload the page and lose what was typed. The
 * held submission is noted (`data-submit-held`) and made again by the screen once hydrated
 * (src/lib/held-submit.ts).
 */
export const STALE_CHECK_SCRIPT = `(function () {
  ${PERSISTED_STATE_READERS}
  var stale = false;
  try {
    var preferences = persisted(localStorage, 'triage.preferences');
    var theme = field(preferences, 'theme');
    var locale = startLocale(preferences);
    // Unreadable stored state is not this page's visitor either: the app decides.
    if (!preferences || !persisted(localStorage, 'triage.auth') || !persisted(sessionStorage, 'triage.auth')) stale = true;
    if ((theme && theme !== 'light') || (locale && locale !== 'en') || rememberedUser()) stale = true;
  } catch (e) {
    stale = true;
  }
  if (stale) document.documentElement.setAttribute('data-prerender', 'stale');
  window.__triageHoldSubmit = function (event) {
    event.preventDefault();
    document.documentElement.setAttribute('data-submit-held', '');
  };
  document.addEventListener('submit', window.__triageHoldSubmit, true);
  var loaded = false;
  function loadApp() {
    var held = document.getElementById('triage-scripts');
    if (loaded || !held) return;
    loaded = true;
    var nodes = held.content.children;
    for (var k = 0; k < nodes.length; k++) {
      var copy = nodes[k].cloneNode(true);
      if (nodes[k].tagName === 'SCRIPT') {
        copy = document.createElement('script');
        copy.src = nodes[k].getAttribute('src');
        copy.async = false;
      }
      document.head.appendChild(copy);
    }
  }
  document.addEventListener('DOMContentLoaded', function () {
    requestAnimationFrame(function () { setTimeout(loadApp, 0); });
    setTimeout(loadApp, 250);
  });
})();`;

/** The CSP source that allows {@link STALE_CHECK_SCRIPT}. */
export const STALE_CHECK_CSP = `'sha256-${createHash('sha256').update(STALE_CHECK_SCRIPT).digest('base64')}'`;

/** The id of index.html's JSON block that {@link ROUTE_PRELOAD_SCRIPT} reads. */
export const ROUTE_CHUNKS_ID = 'triage-route-chunks';

/**
 * index.html's head script: preloads the scripts a signed-in address needs beyond the entry —
 * the frame, the backend and the route's screen — which the app would otherwise only ask for one
 * after another (the entry, then the frame, then the screen), each a round trip later. It reads
 * `<script type="application/json" id="triage-route-chunks">` (written by
 * scripts/build/prerender-plugin.ts: `{ common: files[], home: { role: path }, routes: [{ path, roles,
 * files }] }`) and the remembered user's role, if any (src/app/persist.ts), and adds the
 * `<link rel="preload">`s once the page has been painted (or after 1 s, e.g. in a background tab),
 * so that they never delay the first paint. A route the remembered role may not open is not
 * preloaded; without a remembered user (a new tab of the local build keeps none) the address's
 * route is, since who opens a signed-in address is most likely signed in.
 */
export const ROUTE_PRELOAD_SCRIPT = `(function () {
  ${PERSISTED_STATE_READERS}
  var table, role = null;
  try {
    table = JSON.parse(document.getElementById('${ROUTE_CHUNKS_ID}').textContent);
    var user = rememberedUser();
    role = user && typeof user.role === 'string' ? user.role : null;
  } catch (e) {
    return;
  }
  var path = location.pathname === '/' ? role && table.home[role] : location.pathname;
  var files = null;
  for (var i = 0; path && i < table.routes.length && !files; i++) {
    var route = table.routes[i];
    var pattern = new RegExp('^' + route.path.replace(/:[^/]+/g, '[^/]+') + '/?$');
    if (pattern.test(path) && (!role || route.roles.indexOf(role) >= 0)) files = table.common.concat(route.files);
  }
  if (!files) return;
  var added = false;
  function preload() {
    if (added) return;
    added = true;
    for (var k = 0; k < files.length; k++) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = '/' + files[k];
      document.head.appendChild(link);
    }
  }
  requestAnimationFrame(function () { setTimeout(preload, 0); });
  setTimeout(preload, 1000);
})();`;

/** The CSP source that allows {@link ROUTE_PRELOAD_SCRIPT}. */
export const ROUTE_PRELOAD_CSP = `'sha256-${createHash('sha256').update(ROUTE_PRELOAD_SCRIPT).digest('base64')}'`;

/** The id of index.html's template holding a role's frame in a layout (`desktop` or `phone`). */
export const frameTemplateId = (role: string, layout: string) => `${FRAME_TEMPLATE_PREFIX}${role}-${layout}`;
const FRAME_TEMPLATE_PREFIX = 'triage-frame-';

/**
 * index.html's frame script, at the end of its body: before the first paint, when the visitor is
 * remembered (the persisted hint, src/app/persist.ts) and the app's first render will be the
 * signed-in frame the build drew for their role and layout — light theme, English, the side menu
 * open, a phone (≤ 767 px) or a wide window (≥ 992 px) — it puts that frame in `#root` instead of
 * the start-up line, with the visitor's name and initials written over the stand-in person's and
 * the address's menu entry marked (the same rule as src/app/app-layout.tsx: the longest entry the
 * path is or starts with), and marks `#root` with `data-frame="<role>-<layout>"`. The app then
 * hydrates it (src/index.tsx). Anything else leaves the start-up line.
 */
export const FRAME_SCRIPT = `(function () {
  ${PERSISTED_STATE_READERS}
  try {
    var preferences = persisted(localStorage, 'triage.preferences');
    if (!preferences) return;
    var theme = field(preferences, 'theme');
    if (theme && theme !== 'light') return;
    if (field(preferences, 'menuCollapsed') === true) return;
    var locale = startLocale(preferences);
    if (locale && locale !== 'en') return;
    var user = rememberedUser();
    if (!user || typeof user.displayName !== 'string' || typeof user.role !== 'string') return;
    var phone = matchMedia('(max-width: 767px)').matches;
    if (!phone && !matchMedia('(min-width: 992px)').matches) return;
    var frame = user.role + '-' + (phone ? 'phone' : 'desktop');
    var template = document.getElementById('${FRAME_TEMPLATE_PREFIX}' + frame);
    var root = document.getElementById('root');
    if (!template || !root) return;
    var content = template.content.cloneNode(true);
    var name = user.displayName;
    var initials = '';
    var parts = name.split(/\\s+/);
    for (var k = 0, count = 0; k < parts.length && count < 2; k++) {
      if (parts[k]) { initials += parts[k].charAt(0).toUpperCase(); count++; }
    }
    var names = content.querySelectorAll('.triage-header-name');
    for (var m = 0; m < names.length; m++) names[m].textContent = name;
    var avatars = content.querySelectorAll('.ant-avatar-string');
    // antd draws the initials transparent until it has mounted (to scale them first): shown here.
    for (var a = 0; a < avatars.length; a++) {
      avatars[a].textContent = initials;
      avatars[a].style.opacity = '';
    }
    var labelled = content.querySelectorAll('[aria-label*="Frame Person"]');
    for (var n = 0; n < labelled.length; n++) {
      labelled[n].setAttribute('aria-label', labelled[n].getAttribute('aria-label').split('Frame Person').join(name));
    }
    var path = location.pathname, best = null, bestLength = -1;
    var links = content.querySelectorAll('.ant-menu-item a[href]');
    for (var p = 0; p < links.length; p++) {
      var href = links[p].getAttribute('href');
      if ((path === href || path.indexOf(href + '/') === 0) && href.length > bestLength) { best = links[p]; bestLength = href.length; }
    }
    var item = best && best.closest('.ant-menu-item');
    if (item) item.className += ' ant-menu-item-selected';
    root.textContent = '';
    root.appendChild(content);
    root.setAttribute('data-frame', frame);
  } catch (e) {
    // Anything unexpected: the start-up line stays, and the app renders as it would.
  }
})();`;

/** The CSP source that allows {@link FRAME_SCRIPT}. */
export const FRAME_CSP = `'sha256-${createHash('sha256').update(FRAME_SCRIPT).digest('base64')}'`;
