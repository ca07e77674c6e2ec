/**
 * `src/domain/invitations.ts` (DESIGN §1 "Invitations"): who invites, what each row becomes, and
 * the link's life — used twice, after expiry, withdrawn, resent, or with a wrong secret.
 */
import {
  acceptInvitationSchema,
  INVITATION_TTL_MS,
  invitationStatus,
  invitationView,
  invitePeopleSchema,
  INVITATIONS_PER_REQUEST,
  newInvitationSecret,
  parseInvitationFragment,
  invitationLink,
  planAcceptance,
  planInvitations,
  planResend,
  planRevoke,
  type InvitationSecret,
  type InvitationsInput,
  type StoredInvitation,
} from '@/domain/invitations';
import { composeInvitationMail } from '@/domain/mail/compose';
import { MAIL_CATALOGUES } from '@/domain/mail/catalogues';
import { admin, agent, customer } from '../../support/plan-fixtures';

const NOW = '2026-12-07T10:00:00.000Z';
const inviter = { ...admin, displayName: 'Alex Morgan' };

let secrets: InvitationSecret[] = [];
beforeAll(async () => {
  secrets = await Promise.all([1, 2, 3, 4].map(() => newInvitationSecret()));
});

function fresh(count: number) {
  return secrets.slice(0, count).map((secret, index) => ({ id: `inv${index}`, secret }));
}

function plan(input: Partial<InvitationsInput>) {
  const rows = input.rows ?? [{ email: 'new@example.test', role: 'agent' as const }];
  return planInvitations({
    actor: inviter,
    rows,
    accounts: new Set(),
    pending: new Map(),
    now: NOW,
    fresh: fresh(rows.length),
    ...input,
  });
}

async function stored(
  overrides: Partial<StoredInvitation> = {},
): Promise<{ invitation: StoredInvitation; token: string }> {
  const created = plan({})?.create[0];
  if (!created) throw new Error('no invitation planned');
  return { invitation: { ...created.invitation, ...overrides }, token: created.token };
}

const accept = (invitationId: string, token: string) =>
  acceptInvitationSchema.parse({ invitationId, token, displayName: 'Noor Haddad', password: 'long enough' });

describe('the request (DESIGN §1 "Invitations")', () => {
  it('takes 1 to the limit of rows, each a real address and a role', () => {
    expect(invitePeopleSchema.safeParse({ invitations: [] }).success).toBe(false);
    const row = { email: 'a@example.test', role: 'agent' };
    expect(invitePeopleSchema.safeParse({ invitations: Array(INVITATIONS_PER_REQUEST).fill(row) }).success).toBe(true);
    expect(invitePeopleSchema.safeParse({ invitations: Array(INVITATIONS_PER_REQUEST + 1).fill(row) }).success).toBe(
      false,
    );
    expect(invitePeopleSchema.safeParse({ invitations: [{ email: 'not an address', role: 'agent' }] }).success).toBe(
      false,
    );
    expect(invitePeopleSchema.safeParse({ invitations: [{ email: 'a@example.test', role: 'owner' }] }).success).toBe(
      false,
    );
    // Nothing but the three fields: no state, no hash, no inviter of one's choosing.
    expect(invitePeopleSchema.safeParse({ invitations: [{ ...row, state: 'accepted' }] }).success).toBe(false);
  });
});

describe('planInvitations', () => {
  it('invites the customers of a request on behalf of its organisation, not its staff; a missing one is refused', async () => {
    const rows = [
      { email: 'ops@acme.example', role: 'customer' as const },
      { email: 'lee@acme.example', role: 'agent' as const },
    ];
    const planned = plan({ rows, organisation: { id: 'o1', name: 'Acme' } });
    expect(planned.create.map(({ invitation }) => invitation.organisationId)).toEqual(['o1', undefined]);
    expect(planned.create[0]?.invitation.organisationName).toBe('Acme');
    expect(() => plan({ rows, organisation: null })).toThrow('This organisation no longer exists.');
    const { invitation, token } = await stored({ organisationId: 'o1', role: 'customer' });
    const accepted = await planAcceptance(
      invitation,
      { invitationId: invitation.id, token, displayName: 'Ops', password: 'long enough password' },
      false,
      NOW,
    );
    expect(accepted.account).toMatchObject({ role: 'customer', organisationId: 'o1' });
  });

  it('is the admins’ alone', () => {
    for (const actor of [agent, customer]) {
      expect(() => plan({ actor: { ...actor, displayName: 'X' } })).toThrow(
        expect.objectContaining({ code: 'permission-denied', message: 'Only admins can invite people.' }),
      );
    }
  });

  it('invites new addresses, and reports an account, a pending invitation and a repeat without inviting', () => {
    const result = plan({
      rows: [
        { email: 'New@Example.test', role: 'agent', displayName: 'Noor' },
        { email: 'dana@example.test', role: 'customer' },
        { email: 'waiting@example.test', role: 'admin' },
        { email: 'new@example.test', role: 'admin' },
      ],
      accounts: new Set(['dana@example.test']),
      pending: new Map([['waiting@example.test', 'old1']]),
    });
    expect(result.outcomes).toEqual([
      { email: 'new@example.test', outcome: 'invited', invitationId: 'inv0' },
      { email: 'dana@example.test', outcome: 'hasAccount' },
      { email: 'waiting@example.test', outcome: 'alreadyInvited', invitationId: 'old1' },
      { email: 'new@example.test', outcome: 'duplicate' },
    ]);
    expect(result.create).toHaveLength(1);
    const [{ invitation, token }] = result.create as [{ invitation: StoredInvitation; token: string }];
    expect(invitation).toMatchObject({
      id: 'inv0',
      email: 'new@example.test',
      role: 'agent',
      displayName: 'Noor',
      state: 'pending',
      invitedBy: admin.uid,
      invitedByName: 'Alex Morgan',
      createdAt: NOW,
      sentAt: NOW,
      expiresAt: new Date(Date.parse(NOW) + INVITATION_TTL_MS).toISOString(),
      sends: 1,
    });
    // Only the secret's hash is stored; the list never shows even that.
    expect(invitation.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(invitation.tokenHash).not.toContain(token);
    expect(invitationView(invitation)).not.toHaveProperty('tokenHash');
  });
});

describe('the link', () => {
  it('carries 256 random bits in its fragment, read back exactly', async () => {
    const { token } = await newInvitationSecret();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const link = invitationLink('https://desk.example', 'abc', token);
    expect(link).toBe(`https://desk.example/invitation#abc.${token}`);
    expect(parseInvitationFragment(new URL(link).hash)).toEqual({ invitationId: 'abc', token });
    expect(parseInvitationFragment('#abc')).toBeNull();
    expect(parseInvitationFragment('#a/b.c')).toBeNull();
  });

  it('expires: pending past its expiry reads "expired"', async () => {
    const { invitation } = await stored();
    expect(invitationStatus(invitation, NOW)).toBe('pending');
    expect(invitationStatus(invitation, invitation.expiresAt)).toBe('expired');
    expect(invitationStatus({ ...invitation, state: 'accepted' }, invitation.expiresAt)).toBe('accepted');
  });
});

describe('planAcceptance', () => {
  it('creates the invited address’s account with the invited role, verified by the link', async () => {
    const { invitation, token } = await stored();
    const result = await planAcceptance(invitation, accept(invitation.id, token), false, NOW);
    expect(result).toEqual({
      account: { email: 'new@example.test', displayName: 'Noor Haddad', role: 'agent', password: 'long enough' },
      invitation: { state: 'accepted', acceptedAt: NOW },
    });
  });

  it('refuses a wrong secret exactly as no invitation at all', async () => {
    const { invitation, token } = await stored();
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const notFound = expect.objectContaining({ code: 'not-found' });
    await expect(planAcceptance(invitation, accept(invitation.id, wrong), false, NOW)).rejects.toEqual(notFound);
    await expect(planAcceptance(null, accept(invitation.id, token), false, NOW)).rejects.toEqual(notFound);
  });

  it('refuses a link used twice, withdrawn, expired, or whose address got an account meanwhile', async () => {
    const { invitation, token } = await stored();
    const request = accept(invitation.id, token);
    await expect(planAcceptance({ ...invitation, state: 'accepted' }, request, true, NOW)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringContaining('used already'),
    });
    await expect(planAcceptance({ ...invitation, state: 'revoked' }, request, false, NOW)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringContaining('withdrawn'),
    });
    await expect(planAcceptance(invitation, request, false, invitation.expiresAt)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringContaining('expired'),
    });
    await expect(planAcceptance(invitation, request, true, NOW)).rejects.toMatchObject({
      code: 'auth/email-already-in-use',
    });
  });

  it('refuses a short password and an empty name before anything is read', () => {
    expect(
      acceptInvitationSchema.safeParse({ invitationId: 'a', token: 'b', displayName: 'N', password: 'short' }).success,
    ).toBe(false);
    expect(
      acceptInvitationSchema.safeParse({ invitationId: 'a', token: 'b', displayName: ' ', password: 'long enough' })
        .success,
    ).toBe(false);
  });
});

describe('planResend and planRevoke', () => {
  it('resends a pending or expired invitation with a new secret and a new expiry', async () => {
    const { invitation } = await stored();
    const later = '2026-12-20T10:00:00.000Z';
    const [, second] = secrets as [InvitationSecret, InvitationSecret];
    expect(planResend(admin, invitation, later, second)).toEqual({
      sentAt: later,
      expiresAt: new Date(Date.parse(later) + INVITATION_TTL_MS).toISOString(),
      sends: 2,
      tokenHash: second.tokenHash,
    });
  });

  it('refuses to resend or revoke an accepted one, to resend a withdrawn one, and anyone but an admin', async () => {
    const { invitation } = await stored();
    const second = secrets[1] as InvitationSecret;
    expect(() => planResend(admin, { ...invitation, state: 'accepted' }, NOW, second)).toThrow(
      expect.objectContaining({ code: 'failed-precondition' }),
    );
    expect(() => planResend(admin, { ...invitation, state: 'revoked' }, NOW, second)).toThrow(
      expect.objectContaining({ code: 'failed-precondition' }),
    );
    expect(() => planRevoke(admin, { ...invitation, state: 'accepted' }, NOW)).toThrow(
      expect.objectContaining({ code: 'failed-precondition' }),
    );
    expect(() => planResend(agent, invitation, NOW, second)).toThrow(
      expect.objectContaining({ code: 'permission-denied' }),
    );
    expect(() => planRevoke(agent, invitation, NOW)).toThrow(expect.objectContaining({ code: 'permission-denied' }));
    expect(() => planRevoke(admin, null, NOW)).toThrow(expect.objectContaining({ code: 'not-found' }));
  });

  it('revokes once; a second revoke writes nothing', async () => {
    const { invitation } = await stored();
    expect(planRevoke(admin, invitation, NOW)).toEqual({ state: 'revoked', revokedAt: NOW });
    expect(planRevoke(admin, { ...invitation, state: 'revoked' }, NOW)).toBeNull();
  });
});

describe('composeInvitationMail', () => {
  it('names the inviter, desk, role and expiry, carries the link, and escapes every value', () => {
    const mail = composeInvitationMail(
      {
        invitationId: 'inv0',
        email: 'new@example.test',
        role: 'agent',
        inviterName: '<img src=x onerror=alert(1)>',
        link: 'https://desk.example/invitation#inv0.secret',
        expiresAt: '2026-12-14T10:00:00.000Z',
        locale: 'es',
        createdAt: NOW,
        sends: 2,
      },
      { deskName: 'Acme Support', appUrl: 'https://desk.example', messageIdHost: 'desk.example' },
      MAIL_CATALOGUES,
    );
    expect(mail.to).toEqual(['new@example.test']);
    expect(mail.kind).toBe('invitation');
    expect(mail.message.subject).toBe('<img src=x onerror=alert(1)> te invitó a Acme Support');
    expect(mail.message.text).toContain('como agente');
    expect(mail.message.text).toContain('2026-12-14 10:00');
    expect(mail.message.text).toContain('https://desk.example/invitation#inv0.secret');
    expect(mail.message.html).not.toContain('<img');
    expect(mail.message.html).toContain('&lt;img');
    expect(mail.message.messageId).toBe('<invitation-inv0-2@desk.example>');
    expect(mail).not.toHaveProperty('ticketId');
  });
});
