/**
 * jsdom plus the Node globals it lacks (Jest 30 loads Node builds of Firebase and friends,
 * which expect them): fetch, streams, TextEncoder, structuredClone,
 * setImmediate, WebCrypto. Also gives the document's selector engines unbounded caches (see
 * {@link unboundSelectorCaches}).
 */
import JSDOMEnvironment from 'jest-environment-jsdom';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { implForWrapper } from 'jsdom/lib/jsdom/living/generated/utils';
import { addNwsapi, matchesDontThrow, type Nwsapi, type NwsapiCache } from 'jsdom/lib/jsdom/living/helpers/selectors';

const GLOBALS_FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'setImmediate',
  'clearImmediate',
  'crypto',
] as const;
// Not copied: Node's BroadcastChannel and MessageChannel hold the event loop open, so a test
// run would never exit; Dexie and React fall back to what jsdom has.

/** Turns one of nwsapi's bounded LRU caches into an unbounded map, same contract. */
function unbounded(cache: NwsapiCache): void {
  const entries = new Map<string, unknown>();
  cache.get = (key) => entries.get(key);
  cache.set = (key, value) => {
    entries.set(key, value);
    return value;
  };
  cache.has = (key) => entries.has(key);
  cache.clear = () => entries.clear();
  cache.size = () => entries.size;
}

let warnedOfSlowSelectors = false;

/**
 * Speed only, same results: jsdom's `getComputedStyle` (which Testing Library's role queries
 * call for an element and each ancestor) matches the element against every CSS rule on the page
 * through nwsapi, which caches the compiled form of at most 1 000 selectors. antd's CSS-in-JS
 * puts more rules than that on the page, so the cache thrashed and every call re-parsed and
 * re-compiled selectors: most of the screen tests' time. Compiled selectors depend only on the
 * selector text, so keeping all of them changes no match.
 */
function unboundSelectorCaches(document: object): void {
  const impl = implForWrapper(document);
  const root = impl.documentElement;
  if (!root) return;
  // Both engines are created lazily; create them now so their caches can be swapped.
  matchesDontThrow(root, '*');
  const engines: (Nwsapi | undefined)[] = [impl._nwsapiDontThrow, addNwsapi(impl)];
  for (const engine of engines) {
    const caches = engine
      ? [engine.matchLambdas, engine.selectLambdas, engine.matchResolvers, engine.selectResolvers]
      : [];
    // A jsdom or nwsapi whose insides differ: the tests still hold, only slower; say so once.
    if (caches.length === 0 || caches.some((cache) => typeof cache?.get !== 'function')) {
      if (!warnedOfSlowSelectors) console.warn('jsdom-environment: nwsapi caches not found; screen tests will be slow');
      warnedOfSlowSelectors = true;
      return;
    }
    caches.forEach(unbounded);
  }
}

export default class JsdomWithNodeGlobals extends JSDOMEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    const target = this.global as unknown as Record<string, unknown>;
    const source = globalThis as unknown as Record<string, unknown>;
    for (const name of GLOBALS_FROM_NODE) {
      if (source[name] !== undefined) {
        Object.defineProperty(target, name, { value: source[name], configurable: true, writable: true });
      }
    }
    unboundSelectorCaches(this.global.document);
  }
}
