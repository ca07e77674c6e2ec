/**
 * `React.lazy` that can be loaded ahead, and then renders without suspending and without a
 * Suspense boundary of its own. React's `lazy` suspends on its first render even when its chunk
 * is already here, and a boundary it sits in hydrates after the rest of the page (React 18 leaves
 * completed boundaries for a later pass): while a pre-rendered page is being hydrated
 * (DESIGN §12), an update reaching such a boundary first — the session's answer — makes React drop
 * the pre-rendered markup for the boundary's fallback. Loaded ahead with `preload`, it renders the
 * component itself, so the page has no boundary there to wait for.
 */
import { createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** Props of a {@link preloadableLazy} component: the component's own, and what shows while it loads. */
export type PreloadableProps<P extends object> = P & {
  /** Shown while the chunk loads (only when it was not loaded before the first render). */
  fallback: ReactNode;
};

/** A lazily loaded component with a `preload()` that fetches its chunk ahead of its first render. */
export type PreloadableComponent<P extends object> = ComponentType<PreloadableProps<P>> & {
  /** Fetches the chunk; resolves once it is loaded; rejects when it cannot be fetched. */
  preload: () => Promise<void>;
};

/**
 * @param load the dynamic import of a module whose default export is the component.
 * @returns a component that renders the module's component directly when it was loaded before
 *   this instance first rendered, and otherwise `React.lazy` of it inside a Suspense boundary
 *   showing `fallback`; an instance never switches between the two, so its subtree is never
 *   remounted.
 */
export function preloadableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep) as unknown as ComponentType<P>;
  function Preloadable({ fallback, ...props }: PreloadableProps<P>) {
    const [Loaded] = useState<ComponentType<P> | null>(() => loaded);
    if (Loaded) return createElement(Loaded, props as P);
    return <Suspense fallback={fallback}>{createElement(Lazy, props as P)}</Suspense>;
  }
  return Object.assign(Preloadable, { preload: () => loadAndKeep().then(() => undefined) });
}
