/**
 * `src/domain/organisations.ts` (DESIGN §1 "Organisations"): what an admin may save, which
 * domain and name clashes are refused, the limit, deletion and who may belong to one.
 */
import { parseInput } from '@/domain/schemas';
import {
  ORGANISATION_DOMAINS_LIMIT,
  ORGANISATION_LIMIT,
  byOrganisationName,
  planMembership,
  planOrganisationDelete,
  planOrganisationSave,
  saveOrganisationSchema,
  type Organisation,
  type OrganisationInput,
} from '@/domain/organisations';
import { ticketOrganisationOf } from '@/domain/ticket-organisation';
import { emailDomainOf, organisationByDomain } from '@/domain/organisation-joins';
import type { UserProfile } from '@/domain/types';
import { admin, agent, customer } from '../../support/plan-fixtures';

const NOW = '2026-12-07T10:00:00.000Z';
const EARLIER = '2026-12-01T10:00:00.000Z';

const acme: Organisation = {
  id: 'o1',
  name: 'Acme Corp',
  domains: ['acme.example'],
  notes: '',
  shareTickets: false,
  createdAt: EARLIER,
  updatedAt: EARLIER,
};

function input(partial: Partial<OrganisationInput>): OrganisationInput {
  return { name: 'Globex', domains: [], notes: '', ...partial };
}

function profile(role: UserProfile['role']): UserProfile {
  return { uid: 'p1', displayName: 'Pat', email: 'pat@acme.example', role, createdAt: EARLIER, updatedAt: EARLIER };
}

describe('saveOrganisationSchema', () => {
  it('normalises domains as typed (case, spaces, a leading @) and refuses what is not a domain', () => {
    const parsed = parseInput(saveOrganisationSchema, {
      organisation: input({ name: '  Globex  ', domains: [' @Globex.EXAMPLE ', 'mail.globex.example'] }),
    });
    expect(parsed.organisation).toEqual({
      name: 'Globex',
      domains: ['globex.example', 'mail.globex.example'],
      notes: '',
    });
    for (const bad of ['globex', 'pat@globex.example', 'glo bex.example', '-globex.example', 'globex.example.']) {
      expect(() => parseInput(saveOrganisationSchema, { organisation: input({ domains: [bad] }) })).toThrow(
        'Enter a domain such as example.com, without a name before it.',
      );
    }
  });

  it('refuses a blank or long name, a repeated domain, too many domains and long notes, with a sentence', () => {
    const refused = (organisation: unknown) => () => parseInput(saveOrganisationSchema, { organisation });
    expect(refused(input({ name: '   ' }))).toThrow('Give the organisation a name.');
    expect(refused(input({ name: 'x'.repeat(81) }))).toThrow('Keep the name within 80 characters.');
    expect(refused(input({ domains: ['a.example', 'A.example'] }))).toThrow('Each domain once.');
    const many = Array.from({ length: ORGANISATION_DOMAINS_LIMIT + 1 }, (_, index) => `d${index}.example`);
    expect(refused(input({ domains: many }))).toThrow('An organisation claims at most 20 domains.');
    expect(refused(input({ notes: 'x'.repeat(2_001) }))).toThrow('Keep the notes within 2000 characters.');
    expect(refused({ ...input({}), members: [] })).toThrow();
    expect(refused({ ...input({}), shareTickets: 'yes' })).toThrow();
  });
});

describe('planOrganisationSave', () => {
  it('creates one with the id given, domains sorted, the name’s inner spaces collapsed', () => {
    const saved = planOrganisationSave({
      actor: admin,
      request: { organisation: input({ name: 'Globex   Inc', domains: ['z.example', 'a.example'] }) },
      existing: [acme],
      newId: 'o2',
      now: NOW,
    });
    expect(saved).toEqual({
      id: 'o2',
      name: 'Globex Inc',
      domains: ['a.example', 'z.example'],
      notes: '',
      shareTickets: false,
      createdAt: NOW,
      updatedAt: NOW,
    });
    const sharing = planOrganisationSave({
      actor: admin,
      request: { organisation: { ...input({ name: 'Initech' }), shareTickets: true } },
      existing: [acme],
      newId: 'o3',
      now: NOW,
    });
    expect(sharing).toMatchObject({ id: 'o3', shareTickets: true });
  });

  it('edits one in place, keeping when it was created; it may keep its own name and domains', () => {
    const saved = planOrganisationSave({
      actor: admin,
      request: { id: 'o1', organisation: input({ name: 'ACME corp', domains: ['acme.example'], notes: 'VIP' }) },
      existing: [acme],
      newId: 'unused',
      now: NOW,
    });
    expect(saved).toMatchObject({ id: 'o1', name: 'ACME corp', notes: 'VIP', createdAt: EARLIER, updatedAt: NOW });
  });

  it('refuses a name or a domain another organisation has, naming the domain', () => {
    const save = (organisation: OrganisationInput) => () =>
      planOrganisationSave({ actor: admin, request: { organisation }, existing: [acme], newId: 'o2', now: NOW });
    expect(save(input({ name: ' acme  CORP ' }))).toThrow('Another organisation already has this name.');
    expect(save(input({ domains: ['globex.example', 'acme.example'] }))).toThrow(
      'Another organisation already claims acme.example.',
    );
  });

  it('refuses non-admins, an edit of a deleted one, and one more than the limit', () => {
    for (const actor of [agent, customer]) {
      expect(() =>
        planOrganisationSave({ actor, request: { organisation: input({}) }, existing: [], newId: 'o2', now: NOW }),
      ).toThrow(expect.objectContaining({ code: 'permission-denied' }) as Error);
    }
    expect(() =>
      planOrganisationSave({
        actor: admin,
        request: { id: 'gone', organisation: input({}) },
        existing: [acme],
        newId: 'x',
        now: NOW,
      }),
    ).toThrow('This organisation no longer exists.');
    const full = Array.from({ length: ORGANISATION_LIMIT }, (_, index) => ({
      ...acme,
      id: `o${index}`,
      name: `Org ${index}`,
      domains: [],
    }));
    expect(() =>
      planOrganisationSave({
        actor: admin,
        request: { organisation: input({}) },
        existing: full,
        newId: 'x',
        now: NOW,
      }),
    ).toThrow(expect.objectContaining({ code: 'resource-exhausted' }) as Error);
    // An edit at the limit is still allowed.
    expect(
      planOrganisationSave({
        actor: admin,
        request: { id: 'o3', organisation: input({ name: 'Org 3' }) },
        existing: full,
        newId: 'x',
        now: NOW,
      }).id,
    ).toBe('o3');
  });
});

describe('planOrganisationDelete and planMembership', () => {
  it('deletes for admins only, and refuses one that is gone', () => {
    expect(planOrganisationDelete(admin, acme)).toEqual({ id: 'o1' });
    expect(() => planOrganisationDelete(agent, acme)).toThrow(
      expect.objectContaining({ code: 'permission-denied' }) as Error,
    );
    expect(() => planOrganisationDelete(admin, undefined)).toThrow('This organisation no longer exists.');
  });

  it('puts customers in an organisation and takes them out; staff belong to the desk', () => {
    expect(planMembership(admin, profile('customer'), acme, NOW)).toEqual({ organisationId: 'o1', updatedAt: NOW });
    expect(planMembership(admin, profile('agent'), null, NOW)).toEqual({ organisationId: null, updatedAt: NOW });
    expect(() => planMembership(admin, profile('agent'), acme, NOW)).toThrow(
      'Only customers belong to an organisation.',
    );
    expect(() => planMembership(admin, profile('customer'), undefined, NOW)).toThrow(
      'This organisation no longer exists.',
    );
    expect(() => planMembership(admin, undefined, acme, NOW)).toThrow(
      expect.objectContaining({ code: 'not-found' }) as Error,
    );
    expect(() => planMembership(agent, profile('customer'), acme, NOW)).toThrow(
      expect.objectContaining({ code: 'permission-denied' }) as Error,
    );
  });

  it('lists by name whatever the case', () => {
    const names = byOrganisationName([
      acme,
      { ...acme, id: 'o2', name: 'beta' },
      { ...acme, id: 'o3', name: 'Alpha' },
    ]).map((organisation) => organisation.name);
    expect(names).toEqual(['Acme Corp', 'Alpha', 'beta']);
  });
});

describe('ticketOrganisationOf', () => {
  it("is a customer requester's organisation; staff and people in none give none", () => {
    expect(ticketOrganisationOf({ role: 'customer', organisationId: 'acme' })).toBe('acme');
    expect(ticketOrganisationOf({ role: 'customer' })).toBeUndefined();
    // A customer made staff keeps the field, unused (DESIGN §1 "Organisations").
    expect(ticketOrganisationOf({ role: 'agent', organisationId: 'acme' })).toBeUndefined();
    expect(ticketOrganisationOf({ role: 'admin', organisationId: 'acme' })).toBeUndefined();
    expect(ticketOrganisationOf(null)).toBeUndefined();
  });
});

describe('organisationByDomain', () => {
  const organisations = [acme, { ...acme, id: 'o9', domains: ['mail.globex.example'] }];
  const dana = { role: 'customer' as const, email: 'Dana@ACME.example' };
  it('joins a verified customer in none to the organisation claiming their domain exactly', () => {
    expect(emailDomainOf(dana.email)).toBe('acme.example');
    expect(organisationByDomain(dana, true, organisations)).toBe('o1');
    expect(organisationByDomain({ ...dana, email: 'eve@mail.globex.example' }, true, organisations)).toBe('o9');
  });
  it('joins nobody unverified, staff, someone in one already, or a parent or sub-domain', () => {
    expect(organisationByDomain(dana, false, organisations)).toBeNull();
    expect(organisationByDomain({ ...dana, role: 'agent' }, true, organisations)).toBeNull();
    expect(organisationByDomain({ ...dana, organisationId: 'o9' }, true, organisations)).toBeNull();
    expect(organisationByDomain({ ...dana, email: 'x@globex.example' }, true, organisations)).toBeNull();
    expect(organisationByDomain({ ...dana, email: 'x@eu.acme.example' }, true, organisations)).toBeNull();
    expect(organisationByDomain({ ...dana, email: 'no-domain' }, true, organisations)).toBeNull();
  });
});
