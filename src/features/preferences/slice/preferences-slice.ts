/**
 * Personal preferences kept across sessions (persisted in localStorage, DESIGN §5): the theme
 * and the side menu. (The queue keeps its own: `tickets/queue/slice/queue-preferences-slice.ts`.)
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Light or dark theme. */
export type ThemeMode = 'light' | 'dark';

/** The preferences slice's state. */
export interface PreferencesState {
  theme: ThemeMode;
  /** Side menu collapsed. */
  menuCollapsed: boolean;
}

/** Defaults, also used when persisted preferences are corrupt or from a newer version. */
export const initialPreferences: PreferencesState = {
  theme: 'light',
  menuCollapsed: false,
};

const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: initialPreferences,
  reducers: {
    /** Sets the theme. */
    themeChanged(state, action: PayloadAction<ThemeMode>) {
      state.theme = action.payload;
    },
    /** Collapses or expands the side menu. */
    menuCollapsedChanged(state, action: PayloadAction<boolean>) {
      state.menuCollapsed = action.payload;
    },
  },
  selectors: {
    selectTheme: (state) => state.theme,
    selectMenuCollapsed: (state) => state.menuCollapsed,
  },
});

export const { themeChanged, menuCollapsedChanged } = preferencesSlice.actions;
export const { selectTheme, selectMenuCollapsed } = preferencesSlice.selectors;
/** The preferences slice's reducer. */
export const preferencesReducer = preferencesSlice.reducer;
