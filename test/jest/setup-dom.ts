import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// antd reads these; jsdom has neither in the shape antd wants.
if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  const { getComputedStyle } = window;
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}

// The first render of a lazy screen compiles its module graph (antd included) on the spot.
configure({ asyncUtilTimeout: 10_000 });
