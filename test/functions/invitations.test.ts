/**
 * Invitations' trusted code (functions/src/invitations.ts, DESIGN §1 "Invitations") against a real
 * Firestore emulator, with the Admin SDK; Firebase Auth is stood in for by accounts that refuse a
 * second account per address, as Auth does. What the contract suite cannot time: two acceptances
 * of one link at once make one account and one profile, and an acceptance that loses to a revoke
 * after its account was made leaves no account behind. Skips without FIRESTORE_EMULATOR_HOST.
 */
import type { Firestore } from 'firebase-admin/firestore';
import {
  acceptInvitation,
  invitePeople,
  revokeInvitation,
  type InvitationAccounts,
} from '../../functions/src/invitations';
import { invitationTokenHash, parseInvitationFragment, type InvitationOutcome } from '@/domain/invitations';
import { refusals } from '@/domain/errors/refusals';
import { invitationMailId } from '@/domain/mail/compose';
import { personSearchKeysFor } from '@/domain/people';
import { describeIfFirestore, freshId, openAdminFirestore } from './emulator-app';

let db: Firestore;
let adminUid: string;
openAdminFirestore('invitations-test', {
  async opened(firestore) {
    db = firestore;
    adminUid = freshId('admin');
    await db.doc(`users/${adminUid}`).set({
      displayName: 'Ada Admin',
      email: `${adminUid}@example.test`,
      role: 'admin',
      locale: 'es',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
  },
});

/** Auth as invitations use it: one account per address, created after `delayMs`. */
function fakeAccounts(delayMs = 0, beforeCreate: () => Promise<void> = async () => undefined) {
  const byEmail = new Map<string, string>();
  const accounts: InvitationAccounts = {
    existing: async (emails) => new Set(emails.filter((email) => byEmail.has(email))),
    async create({ email }) {
      await beforeCreate();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (byEmail.has(email)) throw refusals.emailInUse();
      const uid = freshId('invited');
      byEmail.set(email, uid);
      return uid;
    },
    remove: async (uid) => {
      for (const [email, owner] of byEmail) if (owner === uid) byEmail.delete(email);
    },
  };
  return { accounts, byEmail };
}

/** Invites one address as the admin and returns the invitation's id and its link's secret, from its email. */
async function invited(accounts: InvitationAccounts, email: string): Promise<{ invitationId: string; token: string }> {
  const [outcome] = (await invitePeople(
    db,
    accounts,
    adminUid,
    { invitations: [{ email, role: 'agent' }] },
    Date.now(),
  )) as InvitationOutcome[];
  if (outcome?.outcome !== 'invited') throw new Error(`not invited: ${JSON.stringify(outcome)}`);
  const mail = await db.doc(`mail/${invitationMailId(outcome.invitationId, 1)}`).get();
  const link = parseInvitationFragment(/\/invitation(#\S+)/.exec(String(mail.get('message.text')))?.[1] ?? '');
  if (!link) throw new Error('no link in the invitation email');
  return link;
}

describeIfFirestore('invitations (trusted code)', () => {
  it('stores the link secret’s hash only, and emails the link in the inviting admin’s language', async () => {
    const { accounts } = fakeAccounts();
    const email = `${freshId('stored')}@example.test`;
    const { invitationId, token } = await invited(accounts, email);
    const stored = (await db.doc(`invitations/${invitationId}`).get()).data() ?? {};
    expect(stored).toMatchObject({ email, role: 'agent', state: 'pending', sends: 1, invitedBy: adminUid });
    expect(stored.tokenHash).toBe(await invitationTokenHash(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const mail = (await db.doc(`mail/${invitationMailId(invitationId, 1)}`).get()).data() ?? {};
    expect(mail).toMatchObject({ to: [email], kind: 'invitation' });
    expect(String(mail.message?.html)).toContain('lang="es"');
  });

  it('makes one account and one profile when a link is accepted twice at the same time', async () => {
    const { accounts, byEmail } = fakeAccounts(50);
    const email = `${freshId('twice')}@example.test`;
    const { invitationId, token } = await invited(accounts, email);
    const request = { invitationId, token, displayName: 'Ivy Invited', password: 'correct-horse-battery' };
    const outcomes = await Promise.allSettled([
      acceptInvitation(db, accounts, request, Date.now()),
      acceptInvitation(db, accounts, request, Date.now()),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(['auth/email-already-in-use', 'failed-precondition']).toContain(
      (refused as PromiseRejectedResult).reason.code,
    );
    const uid = byEmail.get(email);
    expect(byEmail.size).toBe(1);
    const invitation = (await db.doc(`invitations/${invitationId}`).get()).data();
    expect(invitation).toMatchObject({ state: 'accepted', acceptedUid: uid });
    const profile = (await db.doc(`users/${uid}`).get()).data();
    expect(profile).toMatchObject({
      displayName: 'Ivy Invited',
      email,
      role: 'agent',
      searchKeys: personSearchKeysFor({ displayName: 'Ivy Invited', email }),
    });
    expect(Object.keys(profile ?? {}).sort()).toEqual(
      ['createdAt', 'displayName', 'email', 'role', 'searchKeys', 'updatedAt'].sort(),
    );
    await expect(acceptInvitation(db, accounts, request, Date.now())).rejects.toMatchObject({
      code: 'failed-precondition',
    });
  });

  it('deletes the account it made when the invitation was revoked while it was being made', async () => {
    const email = `${freshId('revoked')}@example.test`;
    let invitationId = '';
    const { accounts, byEmail } = fakeAccounts(0, () => revokeInvitation(db, adminUid, { invitationId }, Date.now()));
    const link = await invited(accounts, email);
    invitationId = link.invitationId;
    const request = { ...link, displayName: 'Late Lee', password: 'correct-horse-battery' };
    await expect(acceptInvitation(db, accounts, request, Date.now())).rejects.toMatchObject({
      code: 'failed-precondition',
    });
    expect(byEmail.size).toBe(0);
    expect((await db.doc(`invitations/${invitationId}`).get()).data()).toMatchObject({ state: 'revoked' });
    expect((await db.collection('users').where('email', '==', email).get()).size).toBe(0);
  });
});
