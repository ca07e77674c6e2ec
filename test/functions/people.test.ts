/**
 * People's search keys kept by trusted code (functions/src/people.ts, DESIGN §3 "Finding
 * people") against a real Firestore emulator, with the Admin SDK: the `userWritten` trigger's
 * work gives a profile the keys of its name and email and writes nothing when they are right;
 * the back-fill gives every stored profile its keys, in pages, and then costs one read.
 * Skips without FIRESTORE_EMULATOR_HOST.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { backfillPeopleSearchKeys, keepPersonSearchKeys } from '../../functions/src/people';
import { PERSON_SEARCH_KEYS_VERSION, personSearchKeysFor } from '@/domain/people';
import { describeIfFirestore, freshId, openAdminFirestore } from './emulator-app';

let db: Firestore;
openAdminFirestore('people-test', { opened: (firestore) => void (db = firestore) });

/** A profile as a client creates it: no keys. */
function profile(displayName: string, email: string) {
  const now = Timestamp.now();
  return { displayName, email, role: 'customer', createdAt: now, updatedAt: now };
}

describeIfFirestore('people search keys (trusted code)', () => {
  it('keeps a profile’s keys those of its name and email, and writes nothing when they are', async () => {
    const ref = db.collection('users').doc(freshId('u'));
    await ref.set(profile('Zoë Quill', 'zoe.quill@example.test'));
    expect(await keepPersonSearchKeys(await ref.get())).toBe(true);
    const keys = (await ref.get()).get('searchKeys') as string[];
    expect(keys).toEqual(personSearchKeysFor({ displayName: 'Zoë Quill', email: 'zoe.quill@example.test' }));
    expect(keys).toEqual(expect.arrayContaining(['zo', 'zoe', 'quill', 'zoe.quill@ex']));
    // Its own write's run: nothing to do.
    expect(await keepPersonSearchKeys(await ref.get())).toBe(false);
    // A rename: the new name's keys (the email still holds "quill").
    await ref.update({ displayName: 'Zoë Marsh' });
    expect(await keepPersonSearchKeys(await ref.get())).toBe(true);
    expect((await ref.get()).get('searchKeys')).toEqual(
      personSearchKeysFor({ displayName: 'Zoë Marsh', email: 'zoe.quill@example.test' }),
    );
    expect((await ref.get()).get('searchKeys')).toContain('marsh');
  });

  it('does not write over a newer version of the profile than the one it read', async () => {
    const ref = db.collection('users').doc(freshId('u'));
    await ref.set(profile('Old Name', 'old@example.test'));
    const stale = await ref.get();
    await ref.update({ displayName: 'New Name' });
    expect(await keepPersonSearchKeys(stale)).toBe(false);
    expect((await ref.get()).get('searchKeys')).toBeUndefined();
  });

  it('back-fills every stored profile once per key version, then costs one read per run', async () => {
    await db.doc('counters/peopleSearch').delete();
    const ids = Array.from({ length: 3 }, () => freshId('backfill'));
    await Promise.all(ids.map((id, i) => db.doc(`users/${id}`).set(profile(`Back Fill${i}`, `bf${i}@example.test`))));
    expect(await backfillPeopleSearchKeys(db)).toBeGreaterThanOrEqual(3);
    for (const [i, id] of ids.entries()) {
      expect((await db.doc(`users/${id}`).get()).get('searchKeys')).toEqual(
        personSearchKeysFor({ displayName: `Back Fill${i}`, email: `bf${i}@example.test` }),
      );
    }
    expect((await db.doc('counters/peopleSearch').get()).data()).toEqual({ version: PERSON_SEARCH_KEYS_VERSION });
    await db.doc(`users/${ids[0]}`).update({ searchKeys: [] });
    // Done for this version: a later run reads the marker only.
    expect(await backfillPeopleSearchKeys(db)).toBe(0);
  });
});
