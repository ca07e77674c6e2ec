/**
 * The backends' refusal sentences in Spanish and Arabic (DESIGN §8): every refusal the domain
 * can raise (`src/domain/errors/refusals.ts`) is recognised by the catalogues' matcher — a new
 * refusal without a translation fails here — and `friendlySentence` gives the translation with
 * the refusal's values, in a language whose catalogue is in use.
 */
import { createIntl } from 'react-intl';
import { refusals } from '@/domain/errors/refusals';
import { invitationRefusals } from '@/domain/invitations';
import { organisationRefusals } from '@/domain/organisations';
import type { AppError } from '@/domain/errors/errors';
import type { Permission } from '@/domain/policy';
import { catalogue as arabic } from '@/lib/i18n/catalogues/ar';
import { catalogue as spanish } from '@/lib/i18n/catalogues/es';
import { friendlySentence, registerRefusalTranslations } from '@/lib/i18n/labels';
import { parse } from '@formatjs/icu-messageformat-parser';
import { matchRefusal, patternOf } from '@/lib/i18n/refusal-sentences';

/** Every permission (a new one must be added here: the type requires each key). */
const PERMISSIONS: Record<Permission, true> = {
  'ticket.create': true,
  'ticket.read': true,
  'ticket.reply': true,
  'ticket.attach': true,
  'ticket.fillFields': true,
  'ticket.readInternal': true,
  'ticket.writeInternal': true,
  'ticket.assign': true,
  'ticket.setPriority': true,
  'ticket.setTags': true,
  'ticket.setCategory': true,
  'ticket.beAssigned': true,
  'ticket.readHistory': true,
  'ticket.readRuleTrace': true,
  'ticket.follow': true,
  'tickets.listAnyone': true,
  'tickets.orderByUpdatedAt': true,
  'macros.use': true,
  'macros.manageShared': true,
  'presence.use': true,
  'users.list': true,
  'users.readAnyone': true,
  'users.readOwn': true,
  'reports.read': true,
  'users.setRole': true,
  'users.deactivate': true,
  'users.invite': true,
  'organisations.read': true,
  'organisations.manage': true,
  'settings.manage': true,
  'mail.read': true,
  'mail.simulateInbound': true,
};

/** Sample arguments of the refusals that take one. */
const ARGUMENTS: Partial<Record<keyof typeof refusals, unknown[]>> = {
  uploadedBySomeoneElse: ['invoice.pdf'],
  notUploaded: ['invoice.pdf'],
  badPresenceTtl: [120000],
  bulkTooMany: [100],
  tooManyTags: [10],
  uploadQuotaFull: [100, 7],
  idInUse: ['ticket'],
};

/** Refusals whose sentence is not theirs: a schema's message, or a code's own sentence (already translated). */
const NOT_OWN_SENTENCE = new Set([
  'badInput',
  'invalidCredential',
  'wrongCurrentPassword',
  'emailInUse',
  'signedOut',
  'forbidden',
]);

function everyRefusal(): AppError[] {
  const raised = Object.keys(PERMISSIONS).map((permission) => refusals.forbidden(permission as Permission));
  for (const [name, make] of Object.entries(refusals)) {
    if (NOT_OWN_SENTENCE.has(name)) continue;
    raised.push((make as (...values: unknown[]) => AppError)(...(ARGUMENTS[name as keyof typeof refusals] ?? [])));
  }
  raised.push(refusals.idInUse('message'));
  raised.push(...Object.values(invitationRefusals).map((make) => make()));
  raised.push(...Object.values(organisationRefusals).map((make) => make('acme.example')));
  return raised;
}

describe('refusal sentences in other languages', () => {
  it.each(everyRefusal().map((error) => [error.message]))('recognises “%s”', (sentence) => {
    const known = matchRefusal(sentence);
    expect(known).toBeDefined();
    expect(spanish.messages).toHaveProperty([known?.id ?? '']);
    expect(arabic.messages).toHaveProperty([known?.id ?? '']);
  });

  it('carries the values into the translation', () => {
    expect(matchRefusal('At most 100 tickets can be changed at once.')).toEqual({
      id: 'error.refusal.bulkTooMany',
      values: { max: '100' },
    });
    expect(matchRefusal('Upload “invoice.pdf” to this message before sending it.')?.values).toEqual({
      name: 'invoice.pdf',
    });
    expect(matchRefusal('Something nobody wrote.')).toBeUndefined();
  });

  it('builds the same pattern from the compiled syntax tree the bundle carries', () => {
    const english = 'Upload “{name}” to this message before sending it.';
    const compiled = patternOf({ id: 'x', defaultMessage: parse(english) });
    expect(compiled.source).toBe(patternOf({ id: 'x', defaultMessage: english }).source);
    expect(compiled.exec('Upload “a.pdf” to this message before sending it.')?.groups).toEqual({ name: 'a.pdf' });
  });

  it('reads a refusal in Arabic and Spanish, and leaves English and unknown sentences as they are', () => {
    registerRefusalTranslations('ar', arabic.refusals);
    registerRefusalTranslations('es', spanish.refusals);
    const ar = createIntl({ locale: 'ar', messages: arabic.messages as Record<string, string> });
    const es = createIntl({ locale: 'es', messages: spanish.messages as Record<string, string> });
    const en = createIntl({ locale: 'en', messages: {} });
    const tooMany = refusals.bulkTooMany(100);
    expect(friendlySentence(ar, tooMany)).toBe('يمكن تغيير 100 تذكرة على الأكثر في المرة الواحدة.');
    expect(friendlySentence(es, tooMany)).toBe('Se pueden cambiar como máximo 100 tickets a la vez.');
    expect(friendlySentence(es, refusals.ticketClosed())).toBe('Este ticket está cerrado y ya no puede cambiar.');
    expect(friendlySentence(en, tooMany)).toBe('At most 100 tickets can be changed at once.');
    const lifecycle = { code: 'failed-precondition', message: '“Reopen” is not possible on an open ticket.' };
    expect(friendlySentence(ar, lifecycle)).toBe(lifecycle.message);
  });
});
