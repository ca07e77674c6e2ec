/** Typed react-redux hooks (RTK's recommended `withTypes` form). */
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { RootState } from '@/app/root-reducer';
import type { AppDispatch, AppStore } from '@/app/store';

/** `useDispatch` that knows thunks. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
/** `useSelector` typed with the root state. */
export const useAppSelector = useSelector.withTypes<RootState>();
/** `useStore` typed with the app store. */
export const useAppStore = useStore.withTypes<AppStore>();
