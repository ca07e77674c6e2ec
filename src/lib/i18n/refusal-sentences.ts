/**
 * The backends' refusals in the reader's language (DESIGN §8). A refusal that says exactly what
 * was refused carries its own English sentence (`src/domain/errors/refusals.ts`, one per
 * refusal, whatever the backend); this module knows each of them as a message — the English as
 * its `defaultMessage`, with `{placeholders}` where the refusal puts a value — and recognises a
 * sentence to give the translation with the same values. It ships inside the Spanish and Arabic
 * catalogue chunks (English needs no translation), so the first paint does not carry it.
 * `test/unit/lib/i18n/refusal-sentences.test.ts` checks that every refusal of the domain is recognised.
 */
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { RefusalMatch } from '@/lib/i18n/catalogue-types';

const REFUSALS = defineMessages({
  cannotSubmit: { id: 'error.refusal.cannotSubmit', defaultMessage: 'You cannot submit requests.' },
  ratingNotYours: { id: 'error.refusal.ratingNotYours', defaultMessage: 'Only the requester can rate a request.' },
  ratingNotSolved: { id: 'error.refusal.ratingNotSolved', defaultMessage: 'A request can be rated once it is solved.' },
  alreadyRated: { id: 'error.refusal.alreadyRated', defaultMessage: 'This request has been rated already.' },
  ownRequestsOnly: { id: 'error.refusal.ownRequestsOnly', defaultMessage: 'You can only see your own requests.' },
  replyOwnOnly: { id: 'error.refusal.replyOwnOnly', defaultMessage: 'You can only reply to your own requests.' },
  cannotAttach: { id: 'error.refusal.cannotAttach', defaultMessage: 'You cannot attach files to this ticket.' },
  readNotes: { id: 'error.refusal.readNotes', defaultMessage: 'Only agents and admins can read internal notes.' },
  writeNotes: { id: 'error.refusal.writeNotes', defaultMessage: 'Only agents and admins can write internal notes.' },
  changeTicket: { id: 'error.refusal.changeTicket', defaultMessage: 'Only agents and admins can change a ticket.' },
  beAssigned: { id: 'error.refusal.beAssigned', defaultMessage: 'Tickets can only be assigned to agents and admins.' },
  readHistory: {
    id: 'error.refusal.readHistory',
    defaultMessage: 'Only agents and admins can see a ticket’s history.',
  },
  listOwnOnly: { id: 'error.refusal.listOwnOnly', defaultMessage: 'You can only list your own requests.' },
  requestOrder: {
    id: 'error.refusal.requestOrder',
    defaultMessage: 'Requests can be ordered by last reply or by creation only.',
  },
  useMacros: { id: 'error.refusal.useMacros', defaultMessage: 'Only agents and admins can use macros.' },
  manageSharedMacros: {
    id: 'error.refusal.manageSharedMacros',
    defaultMessage: 'Only admins can change shared macros.',
  },
  macroNotFound: { id: 'error.refusal.macroNotFound', defaultMessage: 'This macro no longer exists.' },
  macroNotYours: {
    id: 'error.refusal.macroNotYours',
    defaultMessage: 'Only its owner can change a personal macro.',
  },
  macroTooManyTags: {
    id: 'error.refusal.macroTooManyTags',
    defaultMessage: 'This macro would leave the ticket with more than {max} tags.',
  },
  macroNoTitle: { id: 'error.refusal.macroNoTitle', defaultMessage: 'A macro needs a title.' },
  macroEmpty: { id: 'error.refusal.macroEmpty', defaultMessage: 'A macro needs a reply or at least one action.' },
  macroSameTag: { id: 'error.refusal.macroSameTag', defaultMessage: 'A macro cannot add and remove the same tag.' },
  tooManyMacros: {
    id: 'error.refusal.tooManyMacros',
    defaultMessage: 'At most {max} macros: delete one before adding another.',
  },
  tooManyTriggers: {
    id: 'error.refusal.tooManyTriggers',
    defaultMessage: 'At most {max} triggers: delete one before adding another.',
  },
  tooManyRecurringTickets: {
    id: 'error.refusal.tooManyRecurringTickets',
    defaultMessage: 'At most {max} recurring tickets: delete one before adding another.',
  },
  recurringNoTitle: { id: 'error.refusal.recurringNoTitle', defaultMessage: 'Give the recurring ticket a name.' },
  recurringTitleLong: {
    id: 'error.refusal.recurringTitleLong',
    defaultMessage: 'A recurring ticket’s name has at most 100 characters.',
  },
  recurringTime: {
    id: 'error.refusal.recurringTime',
    defaultMessage: 'Give the time as hours and minutes, 00:00 to 23:59.',
  },
  recurringDayOfMonth: {
    id: 'error.refusal.recurringDayOfMonth',
    defaultMessage: 'The day of the month is a whole number from 1 to 31.',
  },
  recurringWeekday: {
    id: 'error.refusal.recurringWeekday',
    defaultMessage: 'A weekly ticket needs its day of the week.',
  },
  recurringMonthDay: {
    id: 'error.refusal.recurringMonthDay',
    defaultMessage: 'A monthly ticket needs its day of the month.',
  },
  recurringOwnDay: {
    id: 'error.refusal.recurringOwnDay',
    defaultMessage: 'A schedule names only the day its frequency uses.',
  },
  recurringPlaceholder: {
    id: 'error.refusal.recurringPlaceholder',
    defaultMessage: 'A subject may hold the date’s placeholder and no other.',
  },
  recurringId: { id: 'error.refusal.recurringId', defaultMessage: 'This is not a recurring ticket id.' },
  autoCloseRuleKept: {
    id: 'error.refusal.autoCloseRuleKept',
    defaultMessage: 'The automatic close can be switched off or changed, not deleted.',
  },
  presence: { id: 'error.refusal.presence', defaultMessage: 'Only agents and admins see who is on a ticket.' },
  listPeople: { id: 'error.refusal.listPeople', defaultMessage: 'Only agents and admins can list people.' },
  ownProfileOnly: { id: 'error.refusal.ownProfileOnly', defaultMessage: 'You can only see your own profile.' },
  signInForProfile: { id: 'error.refusal.signInForProfile', defaultMessage: 'Sign in to see your profile.' },
  setRole: { id: 'error.refusal.setRole', defaultMessage: 'Only admins can change roles.' },
  reports: { id: 'error.refusal.reports', defaultMessage: 'Only agents and admins can see reports.' },
  settings: { id: 'error.refusal.settings', defaultMessage: 'Only admins can change the desk settings.' },
  readMail: { id: 'error.refusal.readMail', defaultMessage: 'Only admins can see the outgoing mail.' },
  readRuleTrace: { id: 'error.refusal.readRuleTrace', defaultMessage: 'Only admins can see a ticket’s rule trace.' },
  follow: { id: 'error.refusal.follow', defaultMessage: 'Only agents and admins can follow a ticket.' },
  simulateInbound: {
    id: 'error.refusal.simulateInbound',
    defaultMessage: 'Only admins can simulate a reply by email.',
  },
  ownRole: { id: 'error.refusal.ownRole', defaultMessage: 'You cannot change your own role.' },
  deactivate: {
    id: 'error.refusal.deactivate',
    defaultMessage: 'Only admins can deactivate or reactivate people.',
  },
  accountDeactivated: {
    id: 'error.refusal.accountDeactivated',
    defaultMessage: 'This account has been disabled. Contact your support team.',
  },
  deactivateSelf: { id: 'error.refusal.deactivateSelf', defaultMessage: 'You cannot deactivate yourself.' },
  lastAdmin: {
    id: 'error.refusal.lastAdmin',
    defaultMessage: 'The desk needs at least one active admin: make someone else admin first.',
  },
  invite: { id: 'error.refusal.invite', defaultMessage: 'Only admins can invite people.' },
  invitationNotFound: {
    id: 'error.refusal.invitationNotFound',
    defaultMessage: 'This invitation link is not valid. Ask your admin to send you a new one.',
  },
  invitationAccepted: {
    id: 'error.refusal.invitationAccepted',
    defaultMessage: 'This invitation has been used already. Sign in with your address instead.',
  },
  invitationRevoked: {
    id: 'error.refusal.invitationRevoked',
    defaultMessage: 'This invitation was withdrawn. Ask your admin if you should still join.',
  },
  invitationExpired: {
    id: 'error.refusal.invitationExpired',
    defaultMessage: 'This invitation has expired. Ask your admin to send it again.',
  },
  organisationsRead: {
    id: 'error.refusal.organisationsRead',
    defaultMessage: 'Only agents and admins can see organisations.',
  },
  organisationsManage: {
    id: 'error.refusal.organisationsManage',
    defaultMessage: 'Only admins can change organisations and who belongs to them.',
  },
  organisationNotFound: {
    id: 'error.refusal.organisationNotFound',
    defaultMessage: 'This organisation no longer exists.',
  },
  organisationNameTaken: {
    id: 'error.refusal.organisationNameTaken',
    defaultMessage: 'Another organisation already has this name.',
  },
  organisationDomainTaken: {
    id: 'error.refusal.organisationDomainTaken',
    defaultMessage: 'Another organisation already claims {domain}.',
  },
  organisationsFull: {
    id: 'error.refusal.organisationsFull',
    defaultMessage: 'The desk holds at most {max} organisations.',
  },
  organisationStaff: {
    id: 'error.refusal.organisationStaff',
    defaultMessage: 'Only customers belong to an organisation.',
  },

  notYourFile: { id: 'error.refusal.notYourFile', defaultMessage: 'You cannot open this file.' },
  uploadedBySomeoneElse: {
    id: 'error.refusal.uploadedBySomeoneElse',
    defaultMessage: '“{name}” was uploaded by someone else.',
  },
  pathTaken: { id: 'error.refusal.pathTaken', defaultMessage: 'Someone else already uploaded this file.' },
  staleTicket: {
    id: 'error.refusal.staleTicket',
    defaultMessage:
      'Someone else changed this ticket meanwhile. Nothing was saved: look at the latest version and try again.',
  },
  ticketClosed: { id: 'error.refusal.ticketClosed', defaultMessage: 'This ticket is closed and can no longer change.' },
  closedForReplies: {
    id: 'error.refusal.closedForReplies',
    defaultMessage: 'This ticket is closed. Start a follow-up request instead.',
  },
  followUpOfOpen: {
    id: 'error.refusal.followUpOfOpen',
    defaultMessage: 'Only a closed request can be followed up; reply on it instead.',
  },
  missingProfile: {
    id: 'error.refusal.missingProfile',
    defaultMessage: 'Your profile is missing. Sign out, sign in again and retry.',
  },
  ticketNotFound: {
    id: 'error.refusal.ticketNotFound',
    defaultMessage: 'This ticket does not exist, or it has been deleted.',
  },
  userNotFound: { id: 'error.refusal.userNotFound', defaultMessage: 'There is no such person.' },
  fileNotFound: { id: 'error.refusal.fileNotFound', defaultMessage: 'There is no such file.' },
  sentButUnreadable: {
    id: 'error.refusal.sentButUnreadable',
    defaultMessage: 'The message was sent but cannot be read back. Reload the ticket.',
  },
  ticketIdInUse: { id: 'error.refusal.ticketIdInUse', defaultMessage: 'Another request already has this id.' },
  messageIdInUse: { id: 'error.refusal.messageIdInUse', defaultMessage: 'Another message already has this id.' },
  badCursor: {
    id: 'error.refusal.badCursor',
    defaultMessage: 'This page cursor is not valid: start from the first page.',
  },
  badPresenceTtl: { id: 'error.refusal.badPresenceTtl', defaultMessage: 'A presence lasts 1 to {max} ms.' },
  bulkEmpty: { id: 'error.refusal.bulkEmpty', defaultMessage: 'Select at least one ticket.' },
  bulkTooMany: { id: 'error.refusal.bulkTooMany', defaultMessage: 'At most {max} tickets can be changed at once.' },
  bulkMissingId: { id: 'error.refusal.bulkMissingId', defaultMessage: 'A ticket id is missing.' },
  bulkDuplicate: { id: 'error.refusal.bulkDuplicate', defaultMessage: 'A ticket is listed twice.' },
  bulkUnknown: { id: 'error.refusal.bulkUnknown', defaultMessage: 'This bulk change is not one the desk knows.' },
  tooManyTags: {
    id: 'error.refusal.tooManyTags',
    defaultMessage: 'It already has {max} tags, the most a ticket can have.',
  },
  uploadQuotaFull: {
    id: 'error.refusal.uploadQuotaFull',
    defaultMessage: 'You have uploaded {max} files within a day, the most one person may. Try again in {hours} h.',
  },
  badClientId: {
    id: 'error.refusal.badClientId',
    defaultMessage: 'A ticket or message id is 1–128 letters, digits, hyphens or underscores.',
  },
  attachmentsNeedIds: {
    id: 'error.refusal.attachmentsNeedIds',
    defaultMessage: 'Attachments of a new request need the ticket and message ids they were uploaded with.',
  },
  notUploaded: {
    id: 'error.refusal.notUploaded',
    defaultMessage: 'Upload “{name}” to this message before sending it.',
  },
  offline: {
    id: 'error.refusal.offline',
    defaultMessage: 'You are offline. It will be sent when you are back online.',
  },
  uploadCancelled: { id: 'error.refusal.uploadCancelled', defaultMessage: 'The upload was cancelled.' },
  // Custom fields (`src/domain/custom-fields.ts`): definitions an admin saves, values a ticket holds.
  fieldKey: {
    id: 'error.refusal.fieldKey',
    defaultMessage: 'A field key is a lowercase letter, then up to 39 lowercase letters, digits or underscores.',
  },
  optionId: {
    id: 'error.refusal.optionId',
    defaultMessage: 'An option id is a lowercase letter, then up to 39 lowercase letters, digits or underscores.',
  },
  fieldLabelEnglish: { id: 'error.refusal.fieldLabelEnglish', defaultMessage: 'A field label needs an English text.' },
  fieldLabelLong: {
    id: 'error.refusal.fieldLabelLong',
    defaultMessage: 'A field label has at most {max} characters in each language.',
  },
  optionEnglish: { id: 'error.refusal.optionEnglish', defaultMessage: 'An option needs an English text.' },
  optionLong: {
    id: 'error.refusal.optionLong',
    defaultMessage: 'An option has at most {max} characters in each language.',
  },
  descriptionEnglish: {
    id: 'error.refusal.descriptionEnglish',
    defaultMessage: 'A field description needs an English text.',
  },
  descriptionLong: {
    id: 'error.refusal.descriptionLong',
    defaultMessage: 'A field description has at most {max} characters in each language.',
  },
  fieldLimit: { id: 'error.refusal.fieldLimit', defaultMessage: 'A limit is a number.' },
  fieldNeedsOption: { id: 'error.refusal.fieldNeedsOption', defaultMessage: '“{label}” needs at least one option.' },
  fieldTooManyOptions: {
    id: 'error.refusal.fieldTooManyOptions',
    defaultMessage: '“{label}” has more than {max} options.',
  },
  fieldOptionIds: { id: 'error.refusal.fieldOptionIds', defaultMessage: 'Each option of “{label}” needs its own id.' },
  fieldOptionsOnlyChoice: {
    id: 'error.refusal.fieldOptionsOnlyChoice',
    defaultMessage: 'Only dropdown and multi-select fields have options (“{label}”).',
  },
  fieldRangeOnlyNumber: {
    id: 'error.refusal.fieldRangeOnlyNumber',
    defaultMessage: 'Only number fields have a range (“{label}”).',
  },
  fieldRangeUpsideDown: {
    id: 'error.refusal.fieldRangeUpsideDown',
    defaultMessage: 'The smallest value of “{label}” is above its largest.',
  },
  fieldRangeWhole: { id: 'error.refusal.fieldRangeWhole', defaultMessage: 'The range of “{label}” is whole numbers.' },
  fieldCustomersSee: {
    id: 'error.refusal.fieldCustomersSee',
    defaultMessage: 'Customers can only fill a field they see (“{label}”).',
  },
  fieldRequiredOnSubmit: {
    id: 'error.refusal.fieldRequiredOnSubmit',
    defaultMessage: 'Only a field customers fill can be required on submit (“{label}”).',
  },
  fieldType: { id: 'error.refusal.fieldType', defaultMessage: 'Choose a field type from the list.' },
  tooManyFields: {
    id: 'error.refusal.tooManyFields',
    defaultMessage: 'A desk has at most {max} fields, archived ones included.',
  },
  fieldKeyTaken: { id: 'error.refusal.fieldKeyTaken', defaultMessage: 'Each field needs its own key.' },
  fieldDelete: {
    id: 'error.refusal.fieldDelete',
    defaultMessage: '“{label}” cannot be deleted: archive it instead, so tickets keep its values.',
  },
  fieldTypeFixed: {
    id: 'error.refusal.fieldTypeFixed',
    defaultMessage: 'The type of “{label}” cannot change once it is saved.',
  },
  fieldNarrowed: {
    id: 'error.refusal.fieldNarrowed',
    defaultMessage: '“{label}” cannot become whole numbers only: tickets may hold decimals.',
  },
  optionDelete: {
    id: 'error.refusal.optionDelete',
    defaultMessage: 'The option “{option}” of “{label}” cannot be deleted: archive it instead.',
  },
  valueText: { id: 'error.refusal.valueText', defaultMessage: '“{label}” is a text.' },
  valueLine: { id: 'error.refusal.valueLine', defaultMessage: '“{label}” is a single line.' },
  valueLong: { id: 'error.refusal.valueLong', defaultMessage: '“{label}” has at most {max} characters.' },
  valueNumber: { id: 'error.refusal.valueNumber', defaultMessage: '“{label}” is a number.' },
  valueWhole: { id: 'error.refusal.valueWhole', defaultMessage: '“{label}” is a whole number.' },
  valueRange: { id: 'error.refusal.valueRange', defaultMessage: '“{label}” is {min} to {max}.' },
  valueAtLeast: { id: 'error.refusal.valueAtLeast', defaultMessage: '“{label}” is at least {min}.' },
  valueAtMost: { id: 'error.refusal.valueAtMost', defaultMessage: '“{label}” is at most {max}.' },
  valueChecked: { id: 'error.refusal.valueChecked', defaultMessage: '“{label}” is checked or not.' },
  valueDate: { id: 'error.refusal.valueDate', defaultMessage: '“{label}” is a date (YYYY-MM-DD).' },
  valueOption: { id: 'error.refusal.valueOption', defaultMessage: '“{label}” is one of its options.' },
  valueOptions: { id: 'error.refusal.valueOptions', defaultMessage: '“{label}” is a list of its options.' },
  valueOptionOnce: { id: 'error.refusal.valueOptionOnce', defaultMessage: '“{label}” holds each option once.' },
  valueNoOption: { id: 'error.refusal.valueNoOption', defaultMessage: '“{label}” has no option “{option}”.' },
  valueArchivedOption: {
    id: 'error.refusal.valueArchivedOption',
    defaultMessage: 'The option “{option}” of “{label}” is archived: choose another.',
  },
  valueNoField: { id: 'error.refusal.valueNoField', defaultMessage: 'There is no field “{key}”.' },
  valueStaffOnly: { id: 'error.refusal.valueStaffOnly', defaultMessage: 'Only agents and admins can fill “{label}”.' },
  valueArchivedField: {
    id: 'error.refusal.valueArchivedField',
    defaultMessage: '“{label}” is archived: it takes no new value.',
  },
  filterField: { id: 'error.refusal.filterField', defaultMessage: 'Choose a field to filter by.' },
  organisationListAlone: {
    id: 'error.refusal.organisationListAlone',
    defaultMessage: 'Your organisation’s requests are listed without other filters.',
  },
  filterOrganisation: {
    id: 'error.refusal.filterOrganisation',
    defaultMessage: 'Choose an organisation to filter by.',
  },
  filterFieldValue: {
    id: 'error.refusal.filterFieldValue',
    defaultMessage: 'Filter a field by an option, checked or not, a day or a month.',
  },
  deactivatedAlone: {
    id: 'error.refusal.deactivatedAlone',
    defaultMessage: 'Deactivated people are listed without a search, a role or an organisation: clear those first.',
  },
  filterOneKey: {
    id: 'error.refusal.filterOneKey',
    defaultMessage: 'A tag, a field, an organisation and a search cannot be combined: keep one of them.',
  },
  fillOwnFields: {
    id: 'error.refusal.fillOwnFields',
    defaultMessage: 'You can only fill the fields of your own requests.',
  },
  valuesTooMany: { id: 'error.refusal.valuesTooMany', defaultMessage: 'A ticket has at most {max} fields.' },
  valueTooLong: { id: 'error.refusal.valueTooLong', defaultMessage: 'A field value has at most {max} characters.' },
  fieldChangesTooMany: {
    id: 'error.refusal.fieldChangesTooMany',
    defaultMessage: 'Change at most {max} fields at once.',
  },
  customerFieldsTooMany: {
    id: 'error.refusal.customerFieldsTooMany',
    defaultMessage: 'Customers fill at most {max} fields on the request form.',
  },
  fieldSortable: {
    id: 'error.refusal.fieldSortable',
    defaultMessage: 'Only an active number or date field customers see can sort the queue (“{label}”).',
  },
  sortFieldsTooMany: {
    id: 'error.refusal.sortFieldsTooMany',
    defaultMessage: 'At most {max} fields sort the queue, each in its own slot.',
  },
  sortSlot: { id: 'error.refusal.sortSlot', defaultMessage: 'A sort slot is a or b.' },
  requiredOnSubmit: { id: 'error.refusal.requiredOnSubmit', defaultMessage: 'Fill {fields} to send your request.' },
  requiredToSolve: { id: 'error.refusal.requiredToSolve', defaultMessage: 'Fill {fields} before solving this ticket.' },
  // Triggers (`src/domain/triggers.ts`: `triggerSchema`, what an admin saves; `src/domain/round-robin.ts`;
  // `src/domain/plans/triggers.ts`: a planner's refusal a rule's test shows).
  triggerProperty: {
    id: 'error.refusal.triggerProperty',
    defaultMessage: 'Choose what the condition tests from the list.',
  },
  triggerValueLong: {
    id: 'error.refusal.triggerValueLong',
    defaultMessage: 'A condition compares with at most {max} characters.',
  },
  triggerOperator: {
    id: 'error.refusal.triggerOperator',
    defaultMessage: 'This test does not apply to what the condition tests.',
  },
  triggerValueMissing: {
    id: 'error.refusal.triggerValueMissing',
    defaultMessage: 'A condition needs a value to compare with.',
  },
  triggerTag: { id: 'error.refusal.triggerTag', defaultMessage: 'A tag is lowercase letters, digits, - or _.' },
  triggerNoTitle: { id: 'error.refusal.triggerNoTitle', defaultMessage: 'Give the trigger a title.' },
  triggerTitleLong: {
    id: 'error.refusal.triggerTitleLong',
    defaultMessage: 'A trigger title has at most {max} characters.',
  },
  triggerNoEvent: {
    id: 'error.refusal.triggerNoEvent',
    defaultMessage: 'Choose when the trigger runs: created, updated or both.',
  },
  triggerNoteLong: { id: 'error.refusal.triggerNoteLong', defaultMessage: 'A note has at most {max} characters.' },
  triggerNoCondition: {
    id: 'error.refusal.triggerNoCondition',
    defaultMessage: 'A trigger needs at least one condition: without one it would act on every ticket.',
  },
  triggerTooManyConditions: {
    id: 'error.refusal.triggerTooManyConditions',
    defaultMessage: 'A trigger has at most {max} conditions.',
  },
  triggerNoAction: { id: 'error.refusal.triggerNoAction', defaultMessage: 'A trigger needs at least one action.' },
  triggerContradiction: {
    id: 'error.refusal.triggerContradiction',
    defaultMessage: 'These conditions can never all hold: one asks for a value another rules out.',
  },
  triggerId: { id: 'error.refusal.triggerId', defaultMessage: 'This is not a trigger id.' },
  triggerUnassignedSolve: {
    id: 'error.refusal.triggerUnassignedSolve',
    defaultMessage:
      'A trigger solves only a ticket with an assignee: assign it first (in this trigger or an earlier one).',
  },
  roundRobinNoAgent: {
    id: 'error.refusal.roundRobinNoAgent',
    defaultMessage: 'Choose at least one agent for the round-robin.',
  },
  roundRobinTooMany: {
    id: 'error.refusal.roundRobinTooMany',
    defaultMessage: 'A round-robin goes over at most {max} agents.',
  },
  roundRobinOnce: { id: 'error.refusal.roundRobinOnce', defaultMessage: 'Each agent is in the round-robin once.' },
  roundRobinCapWhole: {
    id: 'error.refusal.roundRobinCapWhole',
    defaultMessage: 'The cap is a whole number of tickets.',
  },
  roundRobinCapMin: {
    id: 'error.refusal.roundRobinCapMin',
    defaultMessage: 'The cap is at least {min} unsolved ticket per agent.',
  },
  roundRobinCapMax: {
    id: 'error.refusal.roundRobinCapMax',
    defaultMessage: 'The cap is at most {max} unsolved tickets per agent.',
  },
});

/**
 * A refusal's English as a pattern that recognises its sentences: from the message's text
 * (under Jest) or its syntax tree (in the bundle, where the build compiled it); each
 * `{argument}` becomes a named group.
 */
export function patternOf(descriptor: MessageDescriptor): RegExp {
  const english = descriptor.defaultMessage;
  const parts: string[] = [];
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (typeof english === 'string') {
    let last = 0;
    for (const match of english.matchAll(/\{(\w+)\}/g)) {
      parts.push(escape(english.slice(last, match.index)), `(?<${match[1]}>.+?)`);
      last = (match.index ?? 0) + match[0].length;
    }
    parts.push(escape(english.slice(last)));
  } else {
    for (const element of english ?? []) {
      // Literal text (type 0) as it is; an argument (type 1) as a named group.
      if (element.type === 0) parts.push(escape(element.value));
      else if (element.type === 1) parts.push(`(?<${element.value}>.+?)`);
    }
  }
  return new RegExp(`^${parts.join('')}$`);
}

let compiled: { descriptor: MessageDescriptor; pattern: RegExp }[] | null = null;

/**
 * Recognises a refusal's English sentence.
 * @returns the message id to translate it with and the values the sentence carried, or
 *   undefined when the sentence is not one of the known refusals (it is then shown as it is).
 */
export function matchRefusal(sentence: string): RefusalMatch | undefined {
  compiled ??= Object.values(REFUSALS).map((descriptor) => ({ descriptor, pattern: patternOf(descriptor) }));
  for (const { descriptor, pattern } of compiled) {
    const match = pattern.exec(sentence);
    if (match && typeof descriptor.id === 'string') return { id: descriptor.id, values: { ...match.groups } };
  }
  return undefined;
}
