/**
 * The head scripts the build writes into its pages (DESIGN §12) and the CSP sources that allow
 * them: the pre-rendered pages' stale check, and index.html's route preload. Apart from
 * scripts/prerender-plugin.ts so that the hosting tests can check firebase.json against them.
 */
import { createHash } from 'node:crypto';

/**
 * Runs before the first paint of a pre-rendered page: when what the app will render differs from
 * the page (a persisted dark theme, a language other than English, a remembered user — DESIGN §12),
 * it marks `<html data-prerender="stale">`, which hides the page and shows the start-up line until
 * the app has rendered. It reads what src/app/persist.ts writes; src/index.tsx decides to hydrate
 * from the store itself.
 *
 * It also starts the app's scripts only once the page has been painted: they wait in
 * `<template id="triage-scripts">` (written by scripts/prerender-plugin.ts) and are added, in order,
 * after the first frame (or 250 ms at the latest, e.g. in a background tab), so their download
 * never competes with the page's own paint.
 *
 * It also holds back a form's submission until the app has taken the page over: a click on
 * "Sign in" before the scripts run would otherwise reload the page and lose what was typed. The
 * held submission is noted (`data-submit-held`) and made again by the screen once hydrated
 * (src/lib/held-submit.ts).
 */
export const STALE_CHECK_SCRIPT = `(function () {
  var stale = false;
  function read(storage, key) {
    try { return JSON.parse(storage.getItem('persist:' + key) || '{}'); } catch (e) { stale = true; return {}; }
  }
  try {
    var preferences = read(localStorage, 'triage.preferences');
    if (preferences.theme && JSON.parse(preferences.theme) !== 'light') stale = true;
    var locale = preferences.locale ? JSON.parse(preferences.locale) : null;
    if (!locale) {
      var tags = navigator.languages || [];
      for (var i = 0; i < tags.length; i++) {
        var base = String(tags[i]).toLowerCase().split('-')[0];
        if (base === 'en' || base === 'es' || base === 'ar') { locale = base; break; }
      }
    }
    if (locale && locale !== 'en') stale = true;
    // The hint is stored under 'user' once signed in, under 'lastUser' while not yet confirmed.
    var auth = [read(localStorage, 'triage.auth'), read(sessionStorage, 'triage.auth')];
    for (var j = 0; j < auth.length; j++) {
      if (auth[j].user && auth[j].user !== 'null') stale = true;
      if (auth[j].lastUser && auth[j].lastUser !== 'null') stale = true;
    }
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
 * scripts/prerender-plugin.ts: `{ common: files[], home: { role: path }, routes: [{ path, roles,
 * files }] }`) and the remembered user's role, if any (src/app/persist.ts), and adds the
 * `<link rel="preload">`s once the page has been painted (or after 1 s, e.g. in a background tab),
 * so that they never delay the first paint. A route the remembered role may not open is not
 * preloaded; without a remembered user (a new tab of the local build keeps none) the address's
 * route is, since who opens a signed-in address is most likely signed in.
 */
export const ROUTE_PRELOAD_SCRIPT = `(function () {
  function roleIn(storage) {
    try {
      var auth = JSON.parse(storage.getItem('persist:triage.auth') || '{}');
      var user = JSON.parse(auth.user || auth.lastUser || 'null');
      return user && typeof user.role === 'string' ? user.role : null;
    } catch (e) {
      return null;
    }
  }
  var table, role = null;
  try {
    table = JSON.parse(document.getElementById('${ROUTE_CHUNKS_ID}').textContent);
    role = roleIn(sessionStorage) || roleIn(localStorage);
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
