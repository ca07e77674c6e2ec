/**
 * jsdom plus the Node globals it lacks (Jest 30 loads Node builds of Firebase and friends,
 * which expect them): fetch, streams, TextEncoder, structuredClone,
 * setImmediate, WebCrypto.
 */
import JSDOMEnvironment from 'jest-environment-jsdom';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';

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
  }
}
