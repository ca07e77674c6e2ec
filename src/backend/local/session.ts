/**
 * The local session: who is signed in, in this tab. Kept in sessionStorage so it survives a
 * reload and two tabs can be two people (Firebase Auth keeps one session per browser; the
 * local adapter's per-tab session is what makes a one-machine demo of customer and agent
 * possible).
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
 * The sessionStorage key for a database. Namespaced by database name so that two local
 * databases in one tab (tests, mostly) do not share a session.
 */
export function sessionKey(dbName: string): string {
  return `triage.local.session:${dbName}`;
}

/** A Storage that lives only in memory: for Node, tests, and pages where sessionStorage is blocked. */
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

/**
 * The browser's sessionStorage, or an in-memory one where there is no window or the browser
 * refuses access (sandboxed frames throw on the property read).
 */
export function defaultSessionStorage(): SessionStorageLike {
  try {
    if (typeof window !== 'undefined' && window.sessionStorage) return window.sessionStorage;
  } catch {
    // Fall through to memory: a session that ends with the page is better than none.
  }
  return createMemoryStorage();
}

function parseSession(raw: string | null): SessionState | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null) {
      const { uid, email } = value as { uid?: unknown; email?: unknown };
      if (typeof uid === 'string' && uid && typeof email === 'string') return { uid, email };
    }
  } catch {
    // A corrupt entry means nobody is signed in.
  }
  return null;
}

/**
 * This tab's session: read once from storage, written through on every change, observable
 * so that auth listeners and live queries can follow sign-in and sign-out.
 */
export class LocalSession {
  private state: SessionState | null;
  private readonly listeners = new Set<() => void>();

  /**
   * @param storage where the session persists (per tab).
   * @param key the storage key, from {@link sessionKey}.
   */
  constructor(
    private readonly storage: SessionStorageLike,
    private readonly key: string,
  ) {
    this.state = parseSession(this.readRaw());
  }

  /** Who is signed in now, or `null`. */
  current(): SessionState | null {
    return this.state;
  }

  /** Signs this tab in as `state`, or out with `null`, and tells every subscriber. */
  set(state: SessionState | null): void {
    const unchanged = state?.uid === this.state?.uid && state?.email === this.state?.email;
    this.state = state;
    try {
      if (state) this.storage.setItem(this.key, JSON.stringify(state));
      else this.storage.removeItem(this.key);
    } catch {
      // Storage full or blocked: the session still holds for this page's life.
    }
    if (!unchanged) for (const listener of [...this.listeners]) listener();
  }

  /** Calls `listener` after every change of who is signed in. @returns an unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private readRaw(): string | null {
    try {
      return this.storage.getItem(this.key);
    } catch {
      return null;
    }
  }
}
