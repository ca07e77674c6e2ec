/**
 * People's search keys on Firebase (DESIGN §3 "Finding people"): trusted code writes each
 * profile's `searchKeys` (`personSearchKeysFor` its name and email) — on every write of the
 * profile, and once over every stored profile per {@link PERSON_SEARCH_KEYS_VERSION} (the
 * back-fill, run in small steps by the scheduled `deskAutomation`). Clients may not write them
 * (the rules' field lists leave them out), so nobody plants keys to be found by others' words.
 * Twin of the local backend's `users` middleware (`src/backend/local/core/db.ts`).
 */
import { FieldPath, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { PERSON_SEARCH_KEYS_VERSION, personSearchKeysFor, sameKeys } from '@/domain/people';
import { updateThisVersion } from './sla';
import { text } from './snapshot-values';

/** Where the back-fill stands: `counters/peopleSearch` (no client rule reaches it). */
const BACKFILL_DOC = 'counters/peopleSearch';

/** Profiles read per back-fill page, and pages per scheduled run. */
const BACKFILL_PAGE = 300;
const BACKFILL_PAGES_PER_RUN = 10;

/** The keys a stored profile should carry. */
function keysOf(profile: DocumentSnapshot): string[] {
  return personSearchKeysFor({ displayName: text(profile.get('displayName')), email: text(profile.get('email')) });
}

/**
 * After a write of `users/{uid}`: writes the profile's `searchKeys` when they are not those of
 * its name and email, only over this very version (a later write's run writes its own).
 * Idempotent: the run for its own key write writes nothing.
 * @returns whether keys were written.
 */
export async function keepPersonSearchKeys(after: DocumentSnapshot): Promise<boolean> {
  if (!after.exists) return false;
  const keys = keysOf(after);
  if (sameKeys(after.get('searchKeys') as string[] | undefined, keys)) return false;
  return updateThisVersion(after, { searchKeys: keys });
}

/**
 * One step of the back-fill: up to {@link BACKFILL_PAGES_PER_RUN} pages of profiles in uid order
 * from where the last step stopped, each given its keys where they differ; the position is
 * kept in `counters/peopleSearch` and the version recorded once every profile is done. Costs
 * one read per run once done.
 * @returns how many profiles were written.
 */
export async function backfillPeopleSearchKeys(db: Firestore): Promise<number> {
  const marker = db.doc(BACKFILL_DOC);
  const state = (await marker.get()).data() ?? {};
  if (state.version === PERSON_SEARCH_KEYS_VERSION) return 0;
  let after = state.pendingVersion === PERSON_SEARCH_KEYS_VERSION ? text(state.after) : '';
  let written = 0;
  for (let page = 0; page < BACKFILL_PAGES_PER_RUN; page += 1) {
    let next = db.collection('users').orderBy(FieldPath.documentId()).limit(BACKFILL_PAGE);
    if (after) next = next.startAfter(after);
    const rows = (await next.get()).docs;
    const batch = db.batch();
    let changes = 0;
    for (const row of rows) {
      const keys = keysOf(row);
      if (sameKeys(row.get('searchKeys') as string[] | undefined, keys)) continue;
      batch.update(row.ref, { searchKeys: keys });
      changes += 1;
    }
    if (changes > 0) await batch.commit();
    written += changes;
    if (rows.length < BACKFILL_PAGE) {
      await marker.set({ version: PERSON_SEARCH_KEYS_VERSION });
      return written;
    }
    after = rows[rows.length - 1]?.id ?? after;
    await marker.set({ pendingVersion: PERSON_SEARCH_KEYS_VERSION, after });
  }
  return written;
}
