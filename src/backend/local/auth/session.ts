/**
 * The local session: who is signed in. Like Firebase Auth, one session for the whole browser:
 * it lives in localStorage, so a reload, a new tab or a Ctrl+click on a ticket finds the same
 * person, and signing in or out in one tab changes every tab that follows the browser's session
 * (the `storage` event). A tab may instead keep a session of its own — "only in this tab" on the
 * sign-in form — kept in sessionStorage: that is how one machine shows a customer and an agent
 * side by side on the same local desk (a private window or second profile would open a
 * different IndexedDB, so a different desk).
 */

/** The part of the Web Storage API the session needs. */
export type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Who is signed in. */
export interface SessionState {
  uid: string;
  /** Lowercased email, kept so `profileUnavailable` can name the account. */
  email: string;
}

/**
 * The storage key of a database's session (the same in both storages). Namespaced by database
 * name so that two local databases in one browser (tests, mostly) do not share a session.
 */
export function sessionKey(dbName: string): string {
  return `triage.local.session:${dbName}`;
}

/** A Storage that lives only in memory: for Node, tests, and pages where Web Storage is blocked. */
export function createMemoryStorage(): SessionStorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

function webStorageOr(pick: () => Storage | undefined): SessionStorageLike {
  try {
    const storage = typeof window !== 'undefined' ? pick() : undefined;
    if (storage) return storage;
  } catch {
    // Fall through to memory: a session that ends with the page is better than none.
  }
  return createMemoryStorage();
}

/** The browser's sessionStorage (this tab's own session), or memory where it is unavailable. */
export function defaultSessionStorage(): SessionStorageLike {
  return webStorageOr(() => window.sessionStorage);
}

/** The browser's localStorage (the session every tab shares), or memory where it is unavailable. */
export function defaultSharedSessionStorage(): SessionStorageLike {
  return webStorageOr(() => window.localStorage);
}

/**
 * Calls `onChange` when another tab changes `key` in localStorage (the `storage` event, which
 * never fires in the tab that wrote). @returns an unsubscribe; a no-op without a window.
 */
export function watchOtherTabs(key: string, onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const listener = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** A stored session's value as a {@link SessionState}, or `null` for anything else. */
function sessionFrom(value: unknown): SessionState | null {
  if (typeof value !== 'object' || value === null) return null;
  const { uid, email } = value as { uid?: unknown; email?: unknown };
  return typeof uid === 'string' && uid && typeof email === 'string' ? { uid, email } : null;
}

function parseSession(raw: string | null): SessionState | null {
  if (!raw) return null;
  try {
    return sessionFrom(JSON.parse(raw));
  } catch {
    // A corrupt entry means nobody is signed in.
    return null;
  }
}

/** A tab's own entry: present once the tab signed in "only in this tab"; `session` null when it then signed out. */
interface TabEntry {
  session: SessionState | null;
}

function parseTabEntry(raw: string | null): TabEntry | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && (value as { own?: unknown }).own === true) {
      return { session: sessionFrom((value as { session?: unknown }).session) };
    }
  } catch {
    // A corrupt entry: the tab follows the browser's session.
  }
  return null;
}

/** Where a {@link LocalSession} keeps itself. */
export interface SessionStores {
  /** The browser's session, shared by its tabs (localStorage). */
  shared: SessionStorageLike;
  /** This tab's own session, when it chose one (sessionStorage). */
  tab: SessionStorageLike;
  /** Follows changes other tabs make to `shared` (default: none). @returns an unsubscribe. */
  watchShared?: (key: string, onChange: () => void) => () => void;
}

/**
 * The session this tab sees: its own when it signed in "only in this tab", otherwise the
 * browser's. Read from storage, written through on every change, observable so that auth
 * listeners and live queries follow sign-in and sign-out — also those made in other tabs.
 */
export class LocalSession {
  private state: SessionState | null;
  private readonly listeners = new Set<() => void>();

  /**
   * @param stores the shared and the per-tab storage, and how to hear other tabs.
   * @param key the storage key, from {@link sessionKey}.
   */
  constructor(
    private readonly stores: SessionStores,
    private readonly key: string,
  ) {
    this.state = this.read();
    stores.watchShared?.(key, () => this.reload());
  }

  /** Who is signed in now, or `null`. */
  current(): SessionState | null {
    return this.state;
  }

  /** Whether this tab keeps a session of its own rather than the browser's. */
  ownTab(): boolean {
    return this.tabEntry() !== null;
  }

  /**
   * Signs in as `state`, or out with `null`, and tells every subscriber. A sign-in is the
   * browser's (every tab that follows it changes too) unless `thisTabOnly`; a sign-out ends the
   * session this tab sees: its own, or the browser's.
   */
  set(state: SessionState | null, options: { thisTabOnly?: boolean } = {}): void {
    try {
      if (state && options.thisTabOnly) {
        this.stores.tab.setItem(this.key, JSON.stringify({ own: true, session: state }));
      } else if (state) {
        this.stores.tab.removeItem(this.key);
        this.stores.shared.setItem(this.key, JSON.stringify(state));
      } else if (this.ownTab()) {
        // Signed out of its own session, the tab stays its own: it does not become whoever the browser has.
        this.stores.tab.setItem(this.key, JSON.stringify({ own: true, session: null }));
      } else {
        this.stores.shared.removeItem(this.key);
      }
    } catch {
      // Storage full or blocked: the session still holds for this page's life.
    }
    this.update(state);
  }

  /**
   * Sets this tab apart with nobody signed in, leaving the browser's person signed in in its
   * other tabs ("Sign in someone else in this tab"): the tab keeps a session of its own from now.
   */
  setApart(): void {
    try {
      this.stores.tab.setItem(this.key, JSON.stringify({ own: true, session: null }));
    } catch {
      // Storage blocked: the tab is apart for this page's life.
    }
    this.update(null);
  }

  /** Calls `listener` after every change of who is signed in. @returns an unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Re-reads the storages (another tab changed the browser's session). */
  private reload(): void {
    if (!this.ownTab()) this.update(this.read());
  }

  private update(state: SessionState | null): void {
    const unchanged = state?.uid === this.state?.uid && state?.email === this.state?.email;
    this.state = state;
    if (!unchanged) for (const listener of [...this.listeners]) listener();
  }

  private read(): SessionState | null {
    const own = this.tabEntry();
    return own ? own.session : parseSession(this.readRaw(this.stores.shared));
  }

  private tabEntry(): TabEntry | null {
    return parseTabEntry(this.readRaw(this.stores.tab));
  }

  private readRaw(storage: SessionStorageLike): string | null {
    try {
      return storage.getItem(this.key);
    } catch {
      return null;
    }
  }
}
