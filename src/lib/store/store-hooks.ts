/**
 * Typed react-redux hooks for every layer below the composition root (DESIGN §5). They know
 * the store's thunk extra argument (the backend) but not the root state: each slice types its
 * own selectors over `{ [sliceName]: SliceState }` (RTK's `slice.selectors` / `WithSlice`), so
 * no feature needs `src/app` to read the store — and the root state, built from the slices,
 * never depends back on them.
 */
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppThunkDispatch } from '@/lib/store/store-types';

/** `useDispatch` that knows thunks (whose extra argument is the backend). */
export const useAppDispatch = useDispatch.withTypes<AppThunkDispatch>();

/**
 * `useSelector`; the state type comes from the selector (a slice selector, or a function
 * whose parameter is typed with the slices it reads, e.g. `WithSlice<typeof slice>`).
 */
export const useAppSelector = useSelector;

/** `useStore`; pass the slices read, e.g. `useAppStore<DraftsRootState>()`. */
export const useAppStore = useStore;
