/**
 * `React.lazy` that can be loaded ahead, and then renders without suspending. React's own `lazy`
 * suspends on its first render even when its chunk is already here (it waits for the import's
 * promise); while a pre-rendered page is being hydrated (DESIGN §12) that leaves its part of the
 * page un-hydrated, and an update reaching it then (the session's answer) makes React drop the
 * pre-rendered markup for the Suspense fallback. Loaded ahead with `preload`, it renders at once.
 */
import { createElement, lazy, useState, type ComponentType } from 'react';

/** A lazily loaded component with a `preload()` that fetches its chunk ahead of its first render. */
export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Fetches the chunk; resolves once it is loaded; rejects when it cannot be fetched. */
  preload: () => Promise<void>;
};

/**
 * @param load the dynamic import of a module whose default export is the component.
 * @returns a component that renders the module's component directly when it was loaded before
 *   this instance first rendered, and through `React.lazy` (suspending until it is) otherwise;
 *   an instance never switches between the two, so its subtree is never remounted.
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
  const Lazy = lazy(loadAndKeep);
  function Preloadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return createElement(Component, props);
  }
  return Object.assign(Preloadable, { preload: () => loadAndKeep().then(() => undefined) });
}
