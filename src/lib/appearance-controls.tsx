/**
 * The theme and language controls, handed by the app (they belong to the preferences feature,
 * which other features may not import, DESIGN §5) to screens that offer them again — the
 * account page. The header keeps its own.
 */
import { createContext, useContext, type ReactNode } from 'react';

const AppearanceControls = createContext<ReactNode>(null);

/** Provides the controls (the app's layout). */
export const AppearanceControlsProvider = AppearanceControls.Provider;

/** The theme and language controls, or null outside the signed-in layout. */
export function useAppearanceControls(): ReactNode {
  return useContext(AppearanceControls);
}
