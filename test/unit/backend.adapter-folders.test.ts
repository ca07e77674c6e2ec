/**
 * The two adapters are twins (DESIGN §5 "Adapters are twins"): `src/backend/firebase/` and
 * `src/backend/local/` hold the same folders — one per port of `src/backend/port/`, plus `core/`
 * for each adapter's own plumbing — so a reader finds a port's code under the same name in both.
 * What a folder holds may differ where the technology does. The one folder only the local
 * adapter has is `seed/`, the demo desk it writes on first run (a Firebase project is seeded by
 * `scripts/ops/seed-firebase.ts`, which reads that same folder).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

const BACKEND = path.resolve(__dirname, '../../src/backend');

/** Folders only the local adapter has, and why (see the file's header). */
const LOCAL_ONLY = ['seed'];

/** The sub-folders of `src/backend/<adapter>/`, sorted. */
function foldersOf(adapter: 'firebase' | 'local'): string[] {
  return readdirSync(path.join(BACKEND, adapter), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The ports the contract declares: the files of `src/backend/port/` but the ones that compose or share. */
function portsOf(): string[] {
  return readdirSync(path.join(BACKEND, 'port'))
    .map((name) => name.replace(/\.ts$/, ''))
    .filter((name) => name !== 'backend' && name !== 'subscriptions')
    .sort();
}

describe('the backend adapters mirror each other (DESIGN §5)', () => {
  it('has the same port folders in firebase/ and local/', () => {
    const firebase = foldersOf('firebase');
    const local = foldersOf('local').filter((name) => !LOCAL_ONLY.includes(name));
    expect({
      onlyInFirebase: firebase.filter((name) => !local.includes(name)),
      onlyInLocal: local.filter((name) => !firebase.includes(name)),
    }).toEqual({ onlyInFirebase: [], onlyInLocal: [] });
  });

  it('has one folder per port of the contract, and core/', () => {
    expect(foldersOf('firebase')).toEqual([...portsOf(), 'core'].sort());
  });

  it('keeps the local-only folders that it names', () => {
    for (const name of LOCAL_ONLY) expect(foldersOf('local')).toContain(name);
  });
});
