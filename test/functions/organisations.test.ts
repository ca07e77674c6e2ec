/**
 * Organisations' trusted code (functions/src/organisations.ts, DESIGN §1 "Organisations") against
 * a real Firestore emulator, with the Admin SDK. What the contract suite cannot time: two saves
 * claiming one domain at once, of which exactly one wins; and a deletion clearing its members'
 * profiles. Skips without FIRESTORE_EMULATOR_HOST.
 */
import type { Firestore } from 'firebase-admin/firestore';
import {
  deleteOrganisation,
  joinOrganisationByDomain,
  saveOrganisation,
  setOrganisation,
} from '../../functions/src/organisations';
import type { Role } from '@/domain/roles';
import { describeIfFirestore, freshId, openAdminFirestore } from './emulator-app';

let db: Firestore;
let adminUid: string;
let agentUid: string;
let customerUid: string;

/** Writes a profile of `role` past the rules and returns its uid. */
async function person(role: Role, fields: Record<string, unknown> = {}): Promise<string> {
  const uid = freshId(role);
  await db.doc(`users/${uid}`).set({
    displayName: `${role} ${uid}`,
    email: `${uid}@example.test`,
    role,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...fields,
  });
  return uid;
}

openAdminFirestore('organisations-test', {
  async opened(firestore) {
    db = firestore;
    adminUid = await person('admin');
    agentUid = await person('agent');
    customerUid = await person('customer');
  },
});

/** A save request for a new organisation named `name`, claiming `domains`. */
const fresh = (name: string, domains: string[]) => ({ organisation: { name, domains, notes: '' } });

describeIfFirestore('organisations (trusted code)', () => {
  it('lets an admin create an organisation and edit it, stored whole', async () => {
    const name = `Acme ${freshId('n')}`;
    const domain = `${freshId('acme')}.example`;
    const { id } = await saveOrganisation(
      db,
      adminUid,
      { organisation: { name, domains: [` @${domain.toUpperCase()} `], notes: 'Key account.' } },
      Date.parse('2026-03-02T09:00:00Z'),
    );
    const created = (await db.doc(`organisations/${id}`).get()).data() ?? {};
    expect(created).toMatchObject({ name, domains: [domain], notes: 'Key account.' });
    expect(created.createdAt.toDate().toISOString()).toBe('2026-03-02T09:00:00.000Z');
    expect(Object.keys(created).sort()).toEqual(['createdAt', 'domains', 'name', 'notes', 'shareTickets', 'updatedAt']);
    // What its members read: the name and whether it shares, never the notes nor the domains.
    expect((await db.doc(`organisationViews/${id}`).get()).data()).toEqual({ name, shareTickets: false });

    const other = `${freshId('acme-eu')}.example`;
    const edited = await saveOrganisation(
      db,
      adminUid,
      { id, organisation: { name: `${name} Ltd`, domains: [domain, other], notes: 'Renewed.', shareTickets: true } },
      Date.parse('2026-03-03T09:00:00Z'),
    );
    expect(edited).toEqual({ id });
    const stored = (await db.doc(`organisations/${id}`).get()).data() ?? {};
    expect(stored).toMatchObject({ name: `${name} Ltd`, domains: [domain, other].sort(), notes: 'Renewed.' });
    expect(stored.createdAt.toDate().toISOString()).toBe('2026-03-02T09:00:00.000Z');
    expect(stored.updatedAt.toDate().toISOString()).toBe('2026-03-03T09:00:00.000Z');
    expect((await db.doc(`organisationViews/${id}`).get()).data()).toEqual({ name: `${name} Ltd`, shareTickets: true });
  });

  it('refuses an agent, a customer and a deactivated admin (permission-denied), writing nothing', async () => {
    const deactivatedUid = await person('admin', { deactivated: true });
    const domain = `${freshId('refused')}.example`;
    for (const uid of [agentUid, customerUid, deactivatedUid]) {
      await expect(saveOrganisation(db, uid, fresh(`Refused ${uid}`, [domain]), Date.now())).rejects.toMatchObject({
        code: 'permission-denied',
      });
    }
    expect((await db.collection('organisations').where('domains', 'array-contains', domain).get()).size).toBe(0);
    const { id } = await saveOrganisation(db, adminUid, fresh(`Kept ${domain}`, [domain]), Date.now());
    for (const uid of [agentUid, customerUid, deactivatedUid]) {
      await expect(deleteOrganisation(db, uid, { id }, Date.now())).rejects.toMatchObject({
        code: 'permission-denied',
      });
      await expect(
        setOrganisation(db, uid, { uid: customerUid, organisationId: id }, Date.now()),
      ).rejects.toMatchObject({ code: 'permission-denied' });
    }
    expect((await db.doc(`organisations/${id}`).get()).exists).toBe(true);
    expect((await db.doc(`users/${customerUid}`).get()).get('organisationId')).toBeUndefined();
  });

  it('lets exactly one of two saves claiming one domain at the same time win; the other is told already-exists', async () => {
    const domain = `${freshId('contested')}.example`;
    const outcomes = await Promise.allSettled([
      saveOrganisation(db, adminUid, fresh(`First ${domain}`, [domain]), Date.now()),
      saveOrganisation(db, adminUid, fresh(`Second ${domain}`, [`other-${domain}`, domain]), Date.now()),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'already-exists' });
    const claiming = await db.collection('organisations').where('domains', 'array-contains', domain).get();
    expect(claiming.size).toBe(1);
  });

  it('sets a customer’s organisation, clears it, and a deletion clears every member’s', async () => {
    const { id } = await saveOrganisation(db, adminUid, fresh(`Members ${freshId('m')}`, []), Date.now());
    const members = [await person('customer'), await person('customer')];
    const outsider = await person('customer');
    for (const uid of members) {
      await setOrganisation(db, adminUid, { uid, organisationId: id }, Date.parse('2026-03-04T09:00:00Z'));
    }
    const joined = await db.doc(`users/${members[0]}`).get();
    expect(joined.get('organisationId')).toBe(id);
    expect(joined.get('updatedAt').toDate().toISOString()).toBe('2026-03-04T09:00:00.000Z');

    await setOrganisation(db, adminUid, { uid: outsider, organisationId: id }, Date.now());
    await setOrganisation(db, adminUid, { uid: outsider, organisationId: null }, Date.now());
    expect(Object.keys((await db.doc(`users/${outsider}`).get()).data() ?? {})).not.toContain('organisationId');

    await deleteOrganisation(db, adminUid, { id }, Date.parse('2026-03-05T09:00:00Z'));
    expect((await db.doc(`organisations/${id}`).get()).exists).toBe(false);
    expect((await db.doc(`organisationViews/${id}`).get()).exists).toBe(false);
    for (const uid of members) {
      const profile = await db.doc(`users/${uid}`).get();
      expect(Object.keys(profile.data() ?? {})).not.toContain('organisationId');
      expect(profile.get('updatedAt').toDate().toISOString()).toBe('2026-03-05T09:00:00.000Z');
    }
    await expect(deleteOrganisation(db, adminUid, { id }, Date.now())).rejects.toMatchObject({ code: 'not-found' });
    await expect(
      setOrganisation(db, adminUid, { uid: outsider, organisationId: id }, Date.now()),
    ).rejects.toMatchObject({ code: 'not-found' });
  });

  it('joins a customer to the organisation claiming the domain their ID token verifies, and nobody else', async () => {
    const domain = `${freshId('joins')}.example`.toLowerCase();
    const { id } = await saveOrganisation(db, adminUid, fresh(`Joins ${freshId('j')}`, [domain]), Date.now());
    const email = `jo@${domain}`;
    const jo = await person('customer', { email });
    const at = Date.parse('2026-03-06T09:00:00Z');
    // Unverified, or a token naming another address: nothing.
    await expect(joinOrganisationByDomain(db, jo, { email, email_verified: false }, at)).resolves.toEqual({
      organisationId: null,
    });
    await expect(
      joinOrganisationByDomain(db, jo, { email: `mallory@${domain}`, email_verified: true }, at),
    ).resolves.toEqual({ organisationId: null });
    expect((await db.doc(`users/${jo}`).get()).get('organisationId')).toBeUndefined();
    await expect(joinOrganisationByDomain(db, jo, { email, email_verified: true }, at)).resolves.toEqual({
      organisationId: id,
    });
    const joined = await db.doc(`users/${jo}`).get();
    expect(joined.get('organisationId')).toBe(id);
    expect(joined.get('updatedAt').toDate().toISOString()).toBe('2026-03-06T09:00:00.000Z');
    // Staff, a domain nobody claims, and a deactivated customer join none.
    const agent = await person('agent', { email: `ag@${domain}` });
    await expect(
      joinOrganisationByDomain(db, agent, { email: `ag@${domain}`, email_verified: true }, at),
    ).resolves.toEqual({ organisationId: null });
    const stranger = await person('customer', { email: 'st@nobody-claims.example' });
    await expect(
      joinOrganisationByDomain(db, stranger, { email: 'st@nobody-claims.example', email_verified: true }, at),
    ).resolves.toEqual({ organisationId: null });
    const gone = await person('customer', { email: `gone@${domain}`, deactivated: true });
    await expect(
      joinOrganisationByDomain(db, gone, { email: `gone@${domain}`, email_verified: true }, at),
    ).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('refuses making an agent a member (failed-precondition), and an unknown person (not-found)', async () => {
    const { id } = await saveOrganisation(db, adminUid, fresh(`Staffed ${freshId('s')}`, []), Date.now());
    await expect(
      setOrganisation(db, adminUid, { uid: agentUid, organisationId: id }, Date.now()),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    expect((await db.doc(`users/${agentUid}`).get()).get('organisationId')).toBeUndefined();
    await expect(
      setOrganisation(db, adminUid, { uid: freshId('nobody'), organisationId: id }, Date.now()),
    ).rejects.toMatchObject({ code: 'not-found' });
  });

  it.each([
    ['save: no name', saveOrganisation, { organisation: { name: ' ', domains: [], notes: '' } }],
    ['save: a bad domain', saveOrganisation, fresh('Bad Domain Ltd', ['not a domain'])],
    ['save: a domain twice', saveOrganisation, fresh('Twice Ltd', ['twice.example', 'TWICE.example'])],
    ['save: an unknown field', saveOrganisation, { ...fresh('Extra Ltd', []), extra: true }],
    ['save: no organisation', saveOrganisation, { id: 'x' }],
    ['delete: no id', deleteOrganisation, {}],
    ['delete: an empty id', deleteOrganisation, { id: '' }],
    ['membership: no organisationId', setOrganisation, { uid: 'someone' }],
    ['membership: a number', setOrganisation, { uid: 'someone', organisationId: 42 }],
  ] as const)('refuses a malformed request (invalid-argument): %s', async (_what, work, input) => {
    await expect(work(db, adminUid, input, Date.now())).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});
