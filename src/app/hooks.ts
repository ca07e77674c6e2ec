/** Typed react-redux hooks (RTK's recommended `withTypes` form). */
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { RootState } from '@/app/root-reducer';
import { currentUserOf } from '@/features/auth/slice/auth-machine';
import type { AppDispatch, AppStore } from '@/app/store';

/** `useDispatch` that knows thunks. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
/** `useSelector` typed with the root state. */
export const useAppSelector = useSelector.withTypes<RootState>();
/** `useStore` typed with the app store. */
export const useAppStore = useStore.withTypes<AppStore>();

/**
 * The signed-in person's profile, or null. For any feature that needs "who am I" without
 * reaching into the auth feature.
 */
export function useCurrentUser() {
  return useSelector((state: RootState) => currentUserOf(state.auth));
}
