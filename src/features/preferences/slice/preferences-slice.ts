/**
 * Personal preferences kept across sessions (persisted in localStorage, DESIGN §5): the theme,
 * the language and the side menu. The language is also kept on the person's profile (DESIGN §8),
 * which sets it here when they sign in elsewhere. (The queue keeps its own: `tickets/queue/slice/queue-preferences-slice.ts`.)
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Locale } from '@/domain/locales';

/** Light or dark theme. */
export type ThemeMode = 'light' | 'dark';

/** The preferences slice's state. */
export interface PreferencesState {
  theme: ThemeMode;
  /** The chosen language; `null` follows the browser's (DESIGN §8). */
  locale: Locale | null;
  /**
   * Whose choice `locale` is: the uid of the person signed in when it was chosen (or set from
   * their profile), `null` for a choice made signed out. Another person signing in here does not
   * take it (a person's language is theirs, DESIGN §8). Absent in preferences stored before it.
   */
  localeChosenBy?: string | null;
  /** Side menu collapsed. */
  menuCollapsed: boolean;
}

/** Defaults, also used when persisted preferences are corrupt or from a newer version. */
export const initialPreferences: PreferencesState = {
  theme: 'light',
  locale: null,
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
    /** Sets the language (`null`: the browser's). */
    localeChanged(state, action: PayloadAction<Locale | null>) {
      state.locale = action.payload;
    },
    /** Records whose choice the language is (the listeners, on every change of language or person). */
    localeOwnerChanged(state, action: PayloadAction<string | null>) {
      state.localeChosenBy = action.payload;
    },
    /** Collapses or expands the side menu. */
    menuCollapsedChanged(state, action: PayloadAction<boolean>) {
      state.menuCollapsed = action.payload;
    },
  },
  selectors: {
    selectTheme: (state) => state.theme,
    selectMenuCollapsed: (state) => state.menuCollapsed,
    selectChosenLocale: (state) => state.locale,
  },
});

export const { themeChanged, localeChanged, localeOwnerChanged, menuCollapsedChanged } = preferencesSlice.actions;
export const { selectTheme, selectMenuCollapsed, selectChosenLocale } = preferencesSlice.selectors;
/** The preferences slice's reducer. */
export const preferencesReducer = preferencesSlice.reducer;
