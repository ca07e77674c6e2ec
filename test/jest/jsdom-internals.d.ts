/**
 * The two corners of jsdom's internals the test environment reaches into (jsdom ships no types
 * for them): the wrapper-to-implementation map, and the per-document selector engines (nwsapi).
 */
declare module 'jsdom/lib/jsdom/living/generated/utils' {
  import type { Nwsapi } from 'jsdom/lib/jsdom/living/helpers/selectors';

  /** The implementation object behind a DOM wrapper such as `window.document`. */
  export function implForWrapper(wrapper: object): JsdomDocumentImpl;
  /** What of a document's implementation the environment uses. */
  export interface JsdomDocumentImpl {
    documentElement: object | null;
    /** The engine behind `getComputedStyle`'s rule matching, once {@link matchesDontThrow} made it. */
    _nwsapiDontThrow?: Nwsapi;
  }
}

declare module 'jsdom/lib/jsdom/living/helpers/selectors' {
  /** One of nwsapi's caches of compiled selectors (a bounded LRU, 1 000 entries). */
  export interface NwsapiCache {
    get(key: string): unknown;
    set(key: string, value: unknown): unknown;
    has(key: string): boolean;
    clear(): void;
    size(): number;
  }
  /** An nwsapi engine, as jsdom creates one per document. */
  export interface Nwsapi {
    matchLambdas: NwsapiCache;
    selectLambdas: NwsapiCache;
    matchResolvers: NwsapiCache;
    selectResolvers: NwsapiCache;
  }
  /** `element.matches(selector)` without throwing; creates the document's non-throwing engine on first use. */
  export function matchesDontThrow(elementImpl: object, selector: string): boolean;
  /** The document's engine for `querySelector`, `matches`, `closest`; created on first use. */
  export function addNwsapi(parentNodeImpl: object): Nwsapi;
}
