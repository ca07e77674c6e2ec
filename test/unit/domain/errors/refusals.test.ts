/**
 * The refusal catalogue (DESIGN §5): each refusal has one code and one sentence, whatever the
 * backend, and every permission the policy can refuse has a sentence.
 */
import { APP_ERROR_CODES, AppError } from '@/domain/errors/errors';
import { type Permission } from '@/domain/policy';
import { assertCan, readableTicket, refusals } from '@/domain/errors/refusals';

const customer = { uid: 'c1', role: 'customer' as const };
const agent = { uid: 'a1', role: 'agent' as const };

/** Every refusal of the catalogue, built with sample arguments. */
const ALL: Record<keyof typeof refusals, () => AppError> = {
  forbidden: () => refusals.forbidden('ticket.read'),
  ownRole: refusals.ownRole,
  accountDeactivated: refusals.accountDeactivated,
  signInDeactivated: refusals.signInDeactivated,
  deactivateSelf: refusals.deactivateSelf,
  lastAdmin: refusals.lastAdmin,
  notYourFile: refusals.notYourFile,
  uploadedBySomeoneElse: () => refusals.uploadedBySomeoneElse('a.txt'),
  pathTaken: refusals.pathTaken,
  staleTicket: refusals.staleTicket,
  ticketClosed: refusals.ticketClosed,
  closedForReplies: refusals.closedForReplies,
  followUpOfOpenTicket: refusals.followUpOfOpenTicket,
  missingProfile: refusals.missingProfile,
  ticketNotFound: refusals.ticketNotFound,
  ratingNotYours: refusals.ratingNotYours,
  ratingNotSolved: refusals.ratingNotSolved,
  alreadyRated: refusals.alreadyRated,
  userNotFound: refusals.userNotFound,
  fileNotFound: refusals.fileNotFound,
  sentButUnreadable: refusals.sentButUnreadable,
  idInUse: () => refusals.idInUse('ticket'),
  badInput: () => refusals.badInput('Enter a subject.'),
  badAssignee: refusals.badAssignee,
  macroNotFound: refusals.macroNotFound,
  macroNotYours: refusals.macroNotYours,
  macroTooManyTags: () => refusals.macroTooManyTags(10),
  tooManyMacros: () => refusals.tooManyMacros(200),
  tooManyTriggers: () => refusals.tooManyTriggers(200),
  tooManyRecurringTickets: () => refusals.tooManyRecurringTickets(50),
  autoCloseRuleKept: refusals.autoCloseRuleKept,
  attachmentsNeedIds: refusals.attachmentsNeedIds,
  badClientId: refusals.badClientId,
  badCursor: refusals.badCursor,
  badPresenceTtl: () => refusals.badPresenceTtl(120_000),
  bulkEmpty: refusals.bulkEmpty,
  bulkTooMany: () => refusals.bulkTooMany(100),
  bulkMissingId: refusals.bulkMissingId,
  bulkDuplicate: refusals.bulkDuplicate,
  bulkUnknown: refusals.bulkUnknown,
  tooManyTags: () => refusals.tooManyTags(10),
  uploadQuotaFull: () => refusals.uploadQuotaFull(100, 3),
  notUploaded: () => refusals.notUploaded('a.txt'),
  invalidCredential: refusals.invalidCredential,
  wrongCurrentPassword: refusals.wrongCurrentPassword,
  emailInUse: refusals.emailInUse,
  signedOut: refusals.signedOut,
  offline: refusals.offline,
  uploadCancelled: refusals.uploadCancelled,
};

describe('refusals', () => {
  it.each(Object.entries(ALL))('%s is an AppError with a code of the vocabulary and a sentence', (_, make) => {
    const error = make();
    expect(error).toBeInstanceOf(AppError);
    expect(APP_ERROR_CODES).toContain(error.code);
    expect(error.message).toMatch(/^[A-Z“].+[.]$/);
  });

  it('builds the same code and sentence every time (so both backends say the same)', () => {
    for (const make of Object.values(ALL)) {
      expect({ code: make().code, message: make().message }).toEqual({ code: make().code, message: make().message });
    }
  });

  it('gives the staleness refusal the code the UI recognises', () => {
    expect(refusals.staleTicket().code).toBe('aborted');
  });

  it.each<[Permission, string]>([
    ['ticket.read', 'You can only see your own requests.'],
    ['ticket.writeInternal', 'Only agents and admins can write internal notes.'],
    ['ticket.setPriority', 'Only agents and admins can change a ticket.'],
    ['users.setRole', 'Only admins can change roles.'],
    ['users.deactivate', 'Only admins can deactivate or reactivate people.'],
    ['users.invite', 'Only admins can invite people.'],
    ['settings.manage', 'Only admins can change the desk settings.'],
  ])('refuses %s with permission-denied and its sentence', (permission, sentence) => {
    expect(refusals.forbidden(permission)).toMatchObject({ code: 'permission-denied', message: sentence });
  });
});

describe('assertCan', () => {
  it('passes what the policy allows and throws the permission’s refusal otherwise', () => {
    expect(() => assertCan(agent, 'users.list')).not.toThrow();
    expect(() => assertCan(customer, 'users.list')).toThrow(refusals.forbidden('users.list'));
  });
});

describe('readableTicket', () => {
  const own = { requesterId: 'c1', status: 'open' as const };

  it('returns a ticket its requester or staff may read', () => {
    expect(readableTicket(customer, own)).toBe(own);
    expect(readableTicket(agent, own)).toBe(own);
  });

  it('refuses a missing ticket with not-found and someone else’s with permission-denied', () => {
    expect(() => readableTicket(customer, undefined)).toThrow(expect.objectContaining({ code: 'not-found' }));
    expect(() => readableTicket({ uid: 'c2', role: 'customer' }, own)).toThrow(
      expect.objectContaining({ code: 'permission-denied' }),
    );
  });
});
