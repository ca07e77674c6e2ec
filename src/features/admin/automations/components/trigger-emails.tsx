/**
 * The emails a trigger sends (DESIGN §10 "Rule emails"): for each, who gets it (the requester,
 * the assignee, or a fixed address), a subject and a text with placeholders, and optional
 * Spanish and Arabic versions for recipients who read those. A placeholder Triage does not know
 * is named under the text as it is typed (the save refuses it too).
 */
import { defineMessages, useIntl } from 'react-intl';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import { NativeSelect } from '@/components/native-select';
import { LOCALE_NAMES } from '@/domain/locales';
import {
  MAX_EMAIL_BODY,
  MAX_EMAIL_SUBJECT,
  MAX_RULE_EMAILS_PER_TICKET,
  MAX_TRIGGER_EMAILS,
  RULE_EMAIL_PLACEHOLDERS,
  unknownPlaceholders,
  type EmailRecipient,
} from '@/domain/triggers';
import {
  EMAIL_TRANSLATIONS,
  NEW_EMAIL,
  type EmailDraft,
  type EmailTranslation,
} from '@/features/admin/automations/trigger-draft';

const TEXT = defineMessages({
  legend: { id: 'automations.emails.legend', defaultMessage: 'Emails' },
  add: { id: 'automations.emails.add', defaultMessage: 'Add an email' },
  remove: { id: 'automations.emails.remove', defaultMessage: 'Remove email {n}' },
  number: { id: 'automations.emails.number', defaultMessage: 'Email {n}' },
  to: { id: 'automations.emails.to', defaultMessage: 'Send to' },
  requester: { id: 'automations.emails.to.requester', defaultMessage: 'The requester' },
  assignee: { id: 'automations.emails.to.assignee', defaultMessage: 'The assignee' },
  address: { id: 'automations.emails.to.address', defaultMessage: 'This address…' },
  addressLabel: { id: 'automations.emails.address', defaultMessage: 'Address' },
  subject: { id: 'automations.emails.subject', defaultMessage: 'Subject (at most {max} characters)' },
  body: { id: 'automations.emails.body', defaultMessage: 'Text (at most {max} characters)' },
  subjectIn: { id: 'automations.emails.subjectIn', defaultMessage: '{language} subject (at most {max} characters)' },
  bodyIn: { id: 'automations.emails.bodyIn', defaultMessage: '{language} text (at most {max} characters)' },
  placeholders: {
    id: 'automations.emails.placeholders',
    defaultMessage:
      'Placeholders: {list}. Each recipient gets the email in their language when it has a version in it.',
  },
  unknown: {
    id: 'automations.emails.unknown',
    defaultMessage: 'Triage does not know {list}: use only the placeholders listed.',
  },
  translation: { id: 'automations.emails.translation', defaultMessage: '{language} version (optional)' },
  limit: {
    id: 'automations.emails.limit',
    defaultMessage:
      'A trigger sends at most {max} emails. A ticket gets at most {perTicket} emails from triggers in 24 hours; the rule trace says when one was held back.',
  },
});

/** What {@link TriggerEmailsEditor} takes. */
export interface TriggerEmailsEditorProps {
  idBase: string;
  emails: readonly EmailDraft[];
  onChange(emails: EmailDraft[]): void;
}

/** A subject and text pair, with the placeholders it does not know named under it. */
function EmailTextFields({
  id,
  value,
  onChange,
  dir,
  language,
}: {
  id: string;
  value: { subject: string; body: string };
  onChange(value: { subject: string; body: string }): void;
  dir?: 'rtl';
  /** The translation's language name; none for the main text. */
  language?: string;
}) {
  const intl = useIntl();
  const unknown = unknownPlaceholders(`${value.subject}\n${value.body}`);
  return (
    <Flex vertical gap={8}>
      <div>
        <label htmlFor={`${id}-subject`} style={{ display: 'block', marginBottom: 4 }}>
          {language
            ? intl.formatMessage(TEXT.subjectIn, { language, max: MAX_EMAIL_SUBJECT })
            : intl.formatMessage(TEXT.subject, { max: MAX_EMAIL_SUBJECT })}
        </label>
        <Input
          id={`${id}-subject`}
          dir={dir ?? 'auto'}
          value={value.subject}
          onChange={(event) => onChange({ ...value, subject: event.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-body`} style={{ display: 'block', marginBottom: 4 }}>
          {language
            ? intl.formatMessage(TEXT.bodyIn, { language, max: MAX_EMAIL_BODY })
            : intl.formatMessage(TEXT.body, { max: MAX_EMAIL_BODY })}
        </label>
        <Input.TextArea
          id={`${id}-body`}
          dir={dir ?? 'auto'}
          value={value.body}
          autoSize={{ minRows: 3, maxRows: 10 }}
          onChange={(event) => onChange({ ...value, body: event.target.value })}
          aria-describedby={unknown.length > 0 ? `${id}-unknown` : undefined}
        />
      </div>
      {unknown.length > 0 && (
        <Typography.Text id={`${id}-unknown`} type="danger" role="status">
          {intl.formatMessage(TEXT.unknown, {
            list: <bdi dir="ltr">{intl.formatList(unknown, { type: 'conjunction' })}</bdi>,
          })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The emails of a trigger (see the file's comment). */
export function TriggerEmailsEditor({ idBase, emails, onChange }: TriggerEmailsEditorProps) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const replace = (index: number, next: Partial<EmailDraft>) =>
    onChange(emails.map((email, at) => (at === index ? { ...email, ...next } : email)));
  const translate = (index: number, locale: EmailTranslation, text: { subject: string; body: string }) => {
    const email = emails[index];
    if (email) replace(index, { translations: { ...email.translations, [locale]: text } });
  };
  const recipients: { value: EmailRecipient; label: string }[] = [
    { value: 'requester', label: intl.formatMessage(TEXT.requester) },
    { value: 'assignee', label: intl.formatMessage(TEXT.assignee) },
    { value: 'address', label: intl.formatMessage(TEXT.address) },
  ];
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend style={{ fontSize: 'inherit', border: 0, marginBottom: 4 }}>
        <Typography.Text strong>{intl.formatMessage(TEXT.legend)}</Typography.Text>
      </legend>
      <Flex vertical gap={12}>
        {emails.map((email, index) => {
          const id = `${idBase}-email${index}`;
          const n = index + 1;
          return (
            <section
              key={index}
              aria-label={intl.formatMessage(TEXT.number, { n })}
              style={{
                border: `1px solid ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadius,
                padding: 8,
              }}
            >
              <Flex vertical gap={8}>
                <Flex wrap gap={12} align="end">
                  <div style={{ flex: '1 1 200px', minWidth: 0 }}>
                    <label htmlFor={`${id}-to`} style={{ display: 'block', marginBottom: 4 }}>
                      {intl.formatMessage(TEXT.to)}
                    </label>
                    <NativeSelect
                      id={`${id}-to`}
                      value={email.to}
                      onChange={(to) => replace(index, { to: to as EmailRecipient })}
                      options={recipients}
                    />
                  </div>
                  {email.to === 'address' && (
                    <div style={{ flex: '1 1 220px', minWidth: 0 }}>
                      <label htmlFor={`${id}-address`} style={{ display: 'block', marginBottom: 4 }}>
                        {intl.formatMessage(TEXT.addressLabel)}
                      </label>
                      <Input
                        id={`${id}-address`}
                        type="email"
                        dir="ltr"
                        autoComplete="off"
                        value={email.address}
                        onChange={(event) => replace(index, { address: event.target.value })}
                      />
                    </div>
                  )}
                  <Button danger onClick={() => onChange(emails.filter((_, at) => at !== index))}>
                    {intl.formatMessage(TEXT.remove, { n })}
                  </Button>
                </Flex>
                <EmailTextFields id={id} value={email} onChange={(text) => replace(index, text)} />
                {EMAIL_TRANSLATIONS.map((locale) => (
                  <details
                    key={locale}
                    open={Boolean(email.translations[locale].subject || email.translations[locale].body)}
                  >
                    <summary style={{ cursor: 'pointer' }}>
                      {intl.formatMessage(TEXT.translation, { language: LOCALE_NAMES[locale] })}
                    </summary>
                    <div lang={locale} style={{ marginTop: 8 }}>
                      <EmailTextFields
                        id={`${id}-${locale}`}
                        value={email.translations[locale]}
                        onChange={(text) => translate(index, locale, text)}
                        language={LOCALE_NAMES[locale]}
                        {...(locale === 'ar' && { dir: 'rtl' as const })}
                      />
                    </div>
                  </details>
                ))}
              </Flex>
            </section>
          );
        })}
        <Typography.Text type="secondary">
          {intl.formatMessage(TEXT.placeholders, {
            // Tokens are code, read left to right in every language.
            list: <bdi dir="ltr">{RULE_EMAIL_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ')}</bdi>,
          })}
        </Typography.Text>
        <Typography.Text type="secondary">
          {intl.formatMessage(TEXT.limit, { max: MAX_TRIGGER_EMAILS, perTicket: MAX_RULE_EMAILS_PER_TICKET })}
        </Typography.Text>
        {emails.length < MAX_TRIGGER_EMAILS && (
          <div>
            <Button data-testid="trigger-email-add" onClick={() => onChange([...emails, NEW_EMAIL])}>
              {intl.formatMessage(TEXT.add)}
            </Button>
          </div>
        )}
      </Flex>
    </fieldset>
  );
}
