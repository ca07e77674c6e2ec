/**
 * The sentences under the sign-up and reset fields when the domain's schemas refuse a value
 * (`displayNameSchema`, `emailSchema`, `passwordSchema`: DESIGN §3 limits), in the reader's
 * language (DESIGN §8). Same meaning as the schemas' English messages.
 */
import { defineMessages, useIntl } from 'react-intl';
import type { FieldIssue } from '@/lib/zod-rule';

const TEXT = defineMessages({
  nameMissing: { id: 'auth.field.nameMissing', defaultMessage: 'Enter your name.' },
  tooLong: { id: 'auth.field.tooLong', defaultMessage: 'Use at most {limit} characters.' },
  emailInvalid: { id: 'auth.field.emailInvalid', defaultMessage: 'Enter a valid email address.' },
  passwordShort: { id: 'auth.field.passwordShort', defaultMessage: 'Use at least {limit} characters.' },
});

/** For `zodRule(schema, describe)`: one describer per field of the account forms. */
export interface AuthFieldIssues {
  name: (issue: FieldIssue) => string | undefined;
  email: (issue: FieldIssue) => string | undefined;
  password: (issue: FieldIssue) => string | undefined;
}

/** The describers, in the current language. */
export function useAuthFieldIssues(): AuthFieldIssues {
  const intl = useIntl();
  const tooLong = (issue: FieldIssue) =>
    issue.code === 'too_big' ? intl.formatMessage(TEXT.tooLong, { limit: issue.limit }) : undefined;
  return {
    name: (issue) => (issue.code === 'too_small' ? intl.formatMessage(TEXT.nameMissing) : tooLong(issue)),
    email: (issue) => tooLong(issue) ?? intl.formatMessage(TEXT.emailInvalid),
    password: (issue) =>
      issue.code === 'too_small' ? intl.formatMessage(TEXT.passwordShort, { limit: issue.limit }) : tooLong(issue),
  };
}
