/**
 * The pre-rendered pages' head script (DESIGN §12) and the CSP source that allows it; apart from
 * scripts/prerender-plugin.ts so that the hosting tests can check firebase.json against it.
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
    var auth = [read(localStorage, 'triage.auth'), read(sessionStorage, 'triage.auth')];
    for (var j = 0; j < auth.length; j++) if (auth[j].lastUser && auth[j].lastUser !== 'null') stale = true;
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
