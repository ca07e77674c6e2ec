/**
 * Typed react-redux hooks for the composition root only (RTK's `withTypes` form, with the whole
 * root state). Features use `src/lib/store/store-hooks.ts`, which does not know the root state.
 */
import { useDispatch, useSelector } from 'react-redux';
import type { RootState } from '@/app/root-reducer';
import type { AppDispatch } from '@/app/store';

/** `useDispatch` that knows thunks. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
/** `useSelector` typed with the root state. */
export const useAppSelector = useSelector.withTypes<RootState>();
