/**
 * storage.rules against the Storage and Firestore emulators (DESIGN §4): size and type limits,
 * path checks (who may write to a ticket, avatars only by their owner), the per-person upload
 * bound (only paths the uploader's quota lists), and reads only for those who may read the message. Skips with its reason where the emulators cannot start.
 */
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteObject, getBytes, ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import { arrayUnion, doc, setDoc, Timestamp, type Firestore } from 'firebase/firestore';
import {
  PAST,
  PEOPLE,
  as,
  rulesEnvironment,
  seedDocs,
  seedPeople,
  storageSkipReason,
  storedMessage,
  storedTicket,
} from './rules-env';

const skipReason = storageSkipReason;
if (skipReason) {
  describe('storage.rules', () => {
    it.skip(skipReason, () => undefined);
  });
}
/** The suite, registered only where the emulators run (else the one skipped reason above). */
const describeWithEmulators: (name: string, suite: () => void) => void = skipReason ? () => undefined : describe;

const MB = 1024 * 1024;
let env: RulesTestEnvironment;
let sequence = 0;
const freshId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(sequence += 1)}`;

const storageOf = (uid: string): FirebaseStorage => as(env, uid).storage() as unknown as FirebaseStorage;

/** Lists `path` in `uid`'s upload quota past the rules (the Firestore rules' side is in firestore-rules.test.ts). */
async function listPath(uid: string, path: string): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const firestore = context.firestore() as unknown as Firestore;
    await setDoc(
      doc(firestore, `uploadQuotas/${uid}`),
      { windowStart: Timestamp.now(), paths: arrayUnion(path) },
      { merge: true },
    );
  });
}

/**
 * Uploads `bytes` bytes as `uid`, marked as theirs unless `uploadedBy` says otherwise, to a
 * path first listed in their upload quota as the app does (`listed: false` skips that).
 */
async function upload(
  uid: string | null,
  path: string,
  options: { bytes?: number; contentType?: string; uploadedBy?: string | null; listed?: boolean } = {},
) {
  const storage =
    uid === null ? (env.unauthenticatedContext().storage() as unknown as FirebaseStorage) : storageOf(uid);
  if (uid !== null && options.listed !== false && path.startsWith('tickets/')) await listPath(uid, path);
  const uploadedBy = options.uploadedBy === undefined ? uid : options.uploadedBy;
  return uploadBytes(ref(storage, path), new Uint8Array(options.bytes ?? 64), {
    contentType: options.contentType ?? 'application/pdf',
    ...(uploadedBy ? { customMetadata: { uploadedBy } } : {}),
  });
}

/** Stores a file past the rules, uploaded by `uploadedBy`. */
async function seedFile(path: string, uploadedBy: string): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const storage = context.storage() as unknown as FirebaseStorage;
    await uploadBytes(ref(storage, path), new Uint8Array(16), {
      contentType: 'application/pdf',
      customMetadata: { uploadedBy },
    });
  });
}

/** Carol's ticket (status `status`) with an optional stored message; returns its id. */
async function seedTicket(status = 'open', messages: Record<string, object> = {}): Promise<string> {
  const id = freshId('t');
  const docs: Record<string, object> = {
    [`tickets/${id}`]: storedTicket({ status, ...(status === 'closed' ? { solvedAt: PAST, closedAt: PAST } : {}) }),
  };
  for (const [messageId, message] of Object.entries(messages)) docs[`tickets/${id}/messages/${messageId}`] = message;
  await seedDocs(env, docs);
  return id;
}

describeWithEmulators('storage.rules', () => {
  beforeAll(async () => {
    // The Storage emulator's cross-service `firestore.get()` reads the Firestore of the
    // emulators' own project, so this suite seeds that project — and leaves it empty after.
    env = await rulesEnvironment('demo-triage', true);
    await env.clearFirestore();
    await env.clearStorage();
    await seedPeople(env);
  });
  afterAll(async () => {
    // Trusted code may still be finishing an earlier suite's writes in this project's Firestore
    // (a trigger's transaction): the emulator then refuses the clear with "Transaction lock
    // timeout" (409 ABORTED) — the next try finds the documents free.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await env?.clearFirestore();
        break;
      } catch (error) {
        if (attempt >= 4 || !String(error).includes('ABORTED')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
      }
    }
    await env?.clearStorage();
    await env?.cleanup();
  });

  describe('uploads: size and type (DESIGN §3)', () => {
    it('accepts a PDF and an image on the requester’s own open ticket', async () => {
      const id = await seedTicket();
      await assertSucceeds(upload('carol', `tickets/${id}/m1/report.pdf`));
      await assertSucceeds(upload('carol', `tickets/${id}/m1/photo.png`, { contentType: 'image/png' }));
    });
    it('accepts exactly 10 MB and refuses one byte more', async () => {
      const id = await seedTicket();
      await assertSucceeds(upload('carol', `tickets/${id}/m2/ten.pdf`, { bytes: 10 * MB }));
      await assertFails(upload('carol', `tickets/${id}/m2/eleven.pdf`, { bytes: 10 * MB + 1 }));
    });
    it.each(['image/svg+xml', 'text/html', 'application/x-msdownload', 'application/javascript'])(
      'refuses a file of type %s',
      async (contentType) => {
        const id = await seedTicket();
        await assertFails(upload('carol', `tickets/${id}/m3/file`, { contentType }));
      },
    );
  });

  describe('uploads: paths and who may write there (DESIGN §4)', () => {
    it('refuses an upload not marked as the uploader’s, or marked as someone else’s', async () => {
      const id = await seedTicket();
      await assertFails(upload('carol', `tickets/${id}/m1/a.pdf`, { uploadedBy: null }));
      await assertFails(upload('carol', `tickets/${id}/m1/b.pdf`, { uploadedBy: 'alice' }));
    });
    it('refuses an upload to someone else’s ticket', async () => {
      const id = await seedTicket();
      await assertFails(upload('outsider', `tickets/${id}/m1/a.pdf`));
    });
    it('refuses an upload to a closed ticket, even by staff', async () => {
      const id = await seedTicket('closed');
      await assertFails(upload('carol', `tickets/${id}/m1/a.pdf`));
      await assertFails(upload('alice', `tickets/${id}/m1/a.pdf`));
    });
    it('lets staff upload to any open ticket', async () => {
      const id = await seedTicket();
      await assertSucceeds(upload('alice', `tickets/${id}/note1/log.txt`, { contentType: 'text/plain' }));
    });
    it('lets anyone signed in upload for a request not submitted yet', async () => {
      await assertSucceeds(upload('outsider', `tickets/${freshId('new')}/m1/a.pdf`));
    });
    it('refuses a path the uploader’s quota does not list: no files beyond the day’s bound', async () => {
      const id = await seedTicket();
      await assertFails(upload('carol', `tickets/${id}/m1/unlisted.pdf`, { listed: false }));
      await assertFails(upload('outsider', `tickets/${freshId('new')}/m1/unlisted.pdf`, { listed: false }));
      // Listed in someone else's quota is not listed in one's own.
      const path = `tickets/${id}/m1/theirs.pdf`;
      await listPath('alice', path);
      await assertFails(upload('carol', path, { listed: false }));
      await assertSucceeds(upload('alice', path, { listed: false }));
      // The listing is of the exact path: another name in the same message is refused.
      await assertFails(upload('alice', `tickets/${id}/m1/theirs2.pdf`, { listed: false }));
    });
    it('refuses an upload into a message already sent', async () => {
      const id = await seedTicket('open', { sent: storedMessage() });
      await assertFails(upload('carol', `tickets/${id}/sent/late.pdf`));
    });
    it('refuses replacing someone else’s upload, and allows replacing one’s own', async () => {
      const id = await seedTicket();
      await seedFile(`tickets/${id}/m9/a.pdf`, 'carol');
      await assertFails(upload('alice', `tickets/${id}/m9/a.pdf`));
      await assertSucceeds(upload('carol', `tickets/${id}/m9/a.pdf`));
    });
    it('refuses ids outside the client id alphabet', async () => {
      const id = await seedTicket();
      await assertFails(upload('carol', `tickets/${id}/m.1/a.pdf`));
    });
    it('refuses signed-out uploads and paths outside tickets/ and avatars/', async () => {
      const id = await seedTicket();
      await assertFails(upload(null, `tickets/${id}/m1/a.pdf`));
      await assertFails(upload('carol', `public/a.pdf`));
    });
    it('lets the uploader delete an unsent file, nobody else, and nobody once it is sent', async () => {
      const id = await seedTicket('open', { sent: storedMessage() });
      await seedFile(`tickets/${id}/draft/a.pdf`, 'carol');
      await seedFile(`tickets/${id}/sent/a.pdf`, 'carol');
      await assertFails(deleteObject(ref(storageOf('alice'), `tickets/${id}/draft/a.pdf`)));
      await assertSucceeds(deleteObject(ref(storageOf('carol'), `tickets/${id}/draft/a.pdf`)));
      await assertFails(deleteObject(ref(storageOf('carol'), `tickets/${id}/sent/a.pdf`)));
    });
  });

  describe('downloads follow who may read the message', () => {
    async function ticketWithFiles(): Promise<string> {
      const id = await seedTicket('open', {
        reply: storedMessage(),
        note: storedMessage({ internal: true, authorId: 'alice', authorRole: 'agent' }),
      });
      await seedFile(`tickets/${id}/reply/a.pdf`, 'carol');
      await seedFile(`tickets/${id}/note/a.pdf`, 'alice');
      await seedFile(`tickets/${id}/unsent/a.pdf`, 'bob');
      return id;
    }
    const read = (uid: string, path: string) => getBytes(ref(storageOf(uid), path));

    it('gives the requester the files of public messages only', async () => {
      const id = await ticketWithFiles();
      await assertSucceeds(read('carol', `tickets/${id}/reply/a.pdf`));
      await assertFails(read('carol', `tickets/${id}/note/a.pdf`));
    });
    it('gives staff the files of every sent message', async () => {
      const id = await ticketWithFiles();
      await assertSucceeds(read('alice', `tickets/${id}/reply/a.pdf`));
      await assertSucceeds(read('ada', `tickets/${id}/note/a.pdf`));
    });
    it('refuses another customer every file', async () => {
      const id = await ticketWithFiles();
      await assertFails(read('outsider', `tickets/${id}/reply/a.pdf`));
    });
    it('gives an unsent file to its uploader only', async () => {
      const id = await ticketWithFiles();
      await assertSucceeds(read('bob', `tickets/${id}/unsent/a.pdf`));
      await assertFails(read('alice', `tickets/${id}/unsent/a.pdf`));
      await assertFails(read('carol', `tickets/${id}/unsent/a.pdf`));
    });
    it('gives a colleague of a sharing organisation the public files only, and nothing once it stops sharing', async () => {
      const id = await ticketWithFiles();
      const [org, colleague] = [freshId('org'), freshId('col')];
      const member = {
        role: 'customer',
        displayName: colleague,
        email: `${colleague}@example.com`,
        organisationId: org,
      };
      await seedDocs(env, {
        [`tickets/${id}`]: storedTicket({ status: 'open', organisationId: org }),
        [`users/${colleague}`]: { ...member, createdAt: PAST, updatedAt: PAST },
        [`organisationViews/${org}`]: { name: 'Acme', shareTickets: true },
      });
      await assertSucceeds(read(colleague, `tickets/${id}/reply/a.pdf`));
      await assertFails(read(colleague, `tickets/${id}/note/a.pdf`));
      await assertFails(read(colleague, `tickets/${id}/unsent/a.pdf`));
      // Another customer is not made a member by the ticket's organisation alone.
      await assertFails(read('outsider', `tickets/${id}/reply/a.pdf`));
      await seedDocs(env, { [`organisationViews/${org}`]: { name: 'Acme', shareTickets: false } });
      await assertFails(read(colleague, `tickets/${id}/reply/a.pdf`));
    });
    it('refuses signed-out reads', async () => {
      const id = await ticketWithFiles();
      await assertFails(
        getBytes(
          ref(env.unauthenticatedContext().storage() as unknown as FirebaseStorage, `tickets/${id}/reply/a.pdf`),
        ),
      );
    });
  });

  describe('a deactivated person’s still-valid token reaches no file (DESIGN §1 "Deactivated people")', () => {
    /** Writes `uid`'s profile as trusted code does when an admin deactivates (or reactivates) them. */
    async function markDeactivated(uid: 'carol' | 'alice', deactivated: boolean): Promise<void> {
      const profile: Record<string, unknown> = {
        ...PEOPLE[uid],
        email: `${uid}@example.com`,
        createdAt: PAST,
        updatedAt: PAST,
      };
      if (deactivated) Object.assign(profile, { deactivated: true, deactivatedAt: PAST, deactivatedBy: 'ada' });
      await seedDocs(env, { [`users/${uid}`]: profile });
    }
    afterEach(async () => {
      await markDeactivated('carol', false);
      await markDeactivated('alice', false);
    });

    it('refuses the requester’s download and upload, and staff’s, once the profile says deactivated', async () => {
      const id = await seedTicket('open', { reply: storedMessage() });
      await seedFile(`tickets/${id}/reply/a.pdf`, 'carol');
      const read = (uid: string) => getBytes(ref(storageOf(uid), `tickets/${id}/reply/a.pdf`));
      await assertSucceeds(read('carol'));
      await assertSucceeds(read('alice'));
      await markDeactivated('carol', true);
      await markDeactivated('alice', true);
      await assertFails(read('carol'));
      await assertFails(read('alice'));
      await assertFails(upload('carol', `tickets/${id}/${freshId('m')}/b.pdf`));
      await assertFails(upload('alice', `tickets/${id}/${freshId('m')}/b.pdf`));
      await assertFails(upload('carol', `tickets/${freshId('t')}/${freshId('m')}/new.pdf`));
      await assertFails(upload('carol', 'avatars/carol/avatar', { contentType: 'image/png' }));
      await markDeactivated('carol', false);
      await assertSucceeds(read('carol'));
    });
  });

  describe('avatars: one per person, at avatars/{uid}/avatar', () => {
    it('lets the owner upload an image of at most 2 MB', async () => {
      await assertSucceeds(upload('carol', 'avatars/carol/avatar', { contentType: 'image/png' }));
      await assertFails(upload('carol', 'avatars/carol/avatar', { contentType: 'image/png', bytes: 2 * MB + 1 }));
      await assertFails(upload('carol', 'avatars/carol/avatar', { contentType: 'image/svg+xml' }));
    });
    it('refuses any other name: one person cannot store many “avatars”', async () => {
      for (const name of ['me.png', 'avatar2', 'avatar.png', 'a/avatar']) {
        await assertFails(upload('carol', `avatars/carol/${name}`, { contentType: 'image/png' }));
      }
    });
    it('refuses an upload to someone else’s avatar', async () => {
      await assertFails(upload('outsider', 'avatars/carol/avatar', { contentType: 'image/png' }));
    });
    it('shows avatars to everyone signed in, and to nobody signed out', async () => {
      await seedFile('avatars/carol/avatar', 'carol');
      await assertSucceeds(getBytes(ref(storageOf('outsider'), 'avatars/carol/avatar')));
      await assertFails(
        getBytes(ref(env.unauthenticatedContext().storage() as unknown as FirebaseStorage, 'avatars/carol/avatar')),
      );
    });
  });
});
