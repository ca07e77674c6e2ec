/**
 * The local backend's session (`src/backend/local/auth/session.ts`): one per browser, as Firebase Auth
 * keeps it — a new tab starts signed in, a sign-in or sign-out in one tab reaches the others —
 * unless a tab signed in "only in this tab", which keeps its person whatever the others do.
 */
import { createMemoryStorage, LocalSession, sessionKey, type SessionStorageLike } from '@/backend/local/auth/session';

const KEY = sessionKey('triage-test');
const DANA = { uid: 'dana', email: 'dana@example.test' };
const PRIYA = { uid: 'priya', email: 'priya@triage.test' };

/** One browser: its localStorage, and its tabs, told (as by the `storage` event) when another tab writes it. */
function browser() {
  const shared = createMemoryStorage();
  const tabs = new Map<LocalSession, () => void>();
  let writer: LocalSession | null = null;
  const tellOtherTabs = () => tabs.forEach((notify, tab) => tab !== writer && notify());
  const announcing: SessionStorageLike = {
    getItem: (key) => shared.getItem(key),
    setItem: (key, value) => {
      shared.setItem(key, value);
      tellOtherTabs();
    },
    removeItem: (key) => {
      shared.removeItem(key);
      tellOtherTabs();
    },
  };
  /** A tab of this browser, with its own sessionStorage. */
  const tab = () => {
    let onShared: () => void = () => undefined;
    const session = new LocalSession(
      {
        shared: announcing,
        tab: createMemoryStorage(),
        watchShared: (_key, onChange) => {
          onShared = onChange;
          return () => undefined;
        },
      },
      KEY,
    );
    tabs.set(session, () => onShared());
    const set = session.set.bind(session);
    // The storage event never fires in the tab that wrote.
    session.set = (state, options) => {
      writer = session;
      try {
        set(state, options);
      } finally {
        writer = null;
      }
    };
    return session;
  };
  return { tab };
}

describe('local session', () => {
  it('starts a new tab of the browser as the person signed in there (a Ctrl+click on a ticket)', () => {
    const desk = browser();
    desk.tab().set(PRIYA);
    expect(desk.tab().current()).toEqual(PRIYA);
  });

  it('signs every tab in and out together, telling their subscribers', () => {
    const desk = browser();
    const [first, second] = [desk.tab(), desk.tab()];
    const heard = jest.fn();
    second.subscribe(heard);
    first.set(PRIYA);
    expect(second.current()).toEqual(PRIYA);
    expect(heard).toHaveBeenCalledTimes(1);
    second.set(null);
    expect(first.current()).toBeNull();
    expect(desk.tab().current()).toBeNull();
  });

  it('keeps a tab signed in only in itself apart: others neither change it nor see it', () => {
    const desk = browser();
    const agentTab = desk.tab();
    agentTab.set(PRIYA);
    const customerTab = desk.tab();
    customerTab.set(DANA, { thisTabOnly: true });
    expect(customerTab.ownTab()).toBe(true);
    expect(agentTab.current()).toEqual(PRIYA);
    expect(desk.tab().current()).toEqual(PRIYA);

    agentTab.set(null);
    expect(customerTab.current()).toEqual(DANA);
    // Signed out of its own session, the tab stays its own rather than becoming the browser's person.
    agentTab.set(PRIYA);
    customerTab.set(null);
    expect(customerTab.current()).toBeNull();
    expect(agentTab.current()).toEqual(PRIYA);
    // A plain sign-in makes it follow the browser again.
    customerTab.set(DANA);
    expect(customerTab.ownTab()).toBe(false);
    expect(agentTab.current()).toEqual(DANA);
  });

  it('sets a tab apart with nobody signed in, the browser’s person staying in its other tabs', () => {
    const desk = browser();
    const agentTab = desk.tab();
    agentTab.set(PRIYA);
    const secondTab = desk.tab();
    expect(secondTab.current()).toEqual(PRIYA);
    secondTab.setApart();
    expect(secondTab.current()).toBeNull();
    expect(secondTab.ownTab()).toBe(true);
    expect(agentTab.current()).toEqual(PRIYA);
    expect(desk.tab().current()).toEqual(PRIYA);
    // Someone else signs in there, only there.
    secondTab.set(DANA, { thisTabOnly: true });
    expect(secondTab.current()).toEqual(DANA);
    expect(agentTab.current()).toEqual(PRIYA);
  });

  it('reads a corrupt entry as nobody signed in', () => {
    const shared = createMemoryStorage();
    shared.setItem(KEY, '{not json');
    const tab = createMemoryStorage();
    tab.setItem(KEY, '{"own":1}');
    expect(new LocalSession({ shared, tab }, KEY).current()).toBeNull();
  });
});
