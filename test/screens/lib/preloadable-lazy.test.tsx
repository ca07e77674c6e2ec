/**
 * `preloadableLazy` (src/lib/preloadable-lazy.tsx): loaded ahead, the component renders in the
 * first commit with no fallback — what lets the pre-rendered frame hydrate without a Suspense
 * boundary (DESIGN §12); not loaded ahead, it shows its fallback until the chunk arrives, and an
 * instance that started lazily is not remounted when the chunk has come.
 */
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { preloadableLazy } from '@/lib/preloadable-lazy';

/** A "chunk" whose import resolves when the test says so. */
function deferredChunk() {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  let mounts = 0;
  function Greeting({ name }: { name: string }) {
    const [mountId] = useState(() => (mounts += 1));
    return (
      <p>
        Hello {name} (mount {mountId})
      </p>
    );
  }
  const load = jest.fn(() => arrived.then(() => ({ default: Greeting })));
  return { load, release, mounts: () => mounts };
}

it('renders a component loaded ahead in the first commit, without its fallback', async () => {
  const chunk = deferredChunk();
  const Greeting = preloadableLazy(chunk.load);
  const preloaded = Greeting.preload();
  chunk.release();
  await preloaded;
  render(<Greeting name="Priya" fallback={<p>Loading…</p>} />);
  // Synchronously there: no await, no fallback ever shown.
  expect(screen.getByText('Hello Priya (mount 1)')).toBeTruthy();
  expect(screen.queryByText('Loading…')).toBeNull();
});

it('shows the fallback until the chunk arrives, then the component, mounted once', async () => {
  const chunk = deferredChunk();
  const Greeting = preloadableLazy(chunk.load);
  const { rerender } = render(<Greeting name="Dana" fallback={<p>Loading…</p>} />);
  expect(screen.getByText('Loading…')).toBeTruthy();
  await act(async () => {
    chunk.release();
    await Promise.resolve();
  });
  expect(await screen.findByText('Hello Dana (mount 1)')).toBeTruthy();
  // The chunk is now loaded: this instance keeps its lazy path (no remount) across renders.
  rerender(<Greeting name="Dana Whitfield" fallback={<p>Loading…</p>} />);
  expect(screen.getByText('Hello Dana Whitfield (mount 1)')).toBeTruthy();
  expect(chunk.mounts()).toBe(1);
});
