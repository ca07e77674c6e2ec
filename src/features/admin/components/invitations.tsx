/**
 * Invitations on `/admin` (DESIGN §1 "Invitations"): "Invite people" — addresses pasted one per
 * line or as CSV (`address, name, role`), with a role for the lines that name none — and the
 * invitations, newest first and live, each with its state ("Pending until…", "Expired",
 * "Accepted", "Withdrawn") and "Resend" or "Withdraw". Every line that cannot be read is said
 * with its number and nothing is sent; what was typed stays. After sending, each address's
 * outcome is listed.
 */
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { LiveError } from '@/components/live-error';
import { PresetTag } from '@/components/preset-tag';
import type { ErrorShape } from '@/domain/errors/errors';
import {
  invitationStatus,
  INVITATIONS_PER_REQUEST,
  type Invitation,
  type InvitationOutcome,
  type InvitationStatus,
} from '@/domain/invitations';
import { ROLES, type Role } from '@/domain/roles';
import {
  useInvitePeopleMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
  useWatchInvitationsQuery,
} from '@/features/admin/api/users-api';
import { parseInvitationList, type InvitationLineIssue } from '@/features/admin/invitation-list';
import { useFriendlyMessage, useLabels } from '@/lib/i18n/labels';
import { useTimeFormat } from '@/lib/i18n/use-time-format';
import { outcomeOf } from '@/lib/store/mutation-outcome';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';
import { useMinuteClock } from '@/lib/use-minute-clock';
import { useWatchOrganisationsQuery } from '@/lib/store/people-api';
import { usePhoneLayout } from '@/lib/use-media-query';

const TEXT = defineMessages({
  open: { id: 'admin.invitations.open', defaultMessage: 'Invite people' },
  what: { id: 'admin.invitations.what', defaultMessage: 'invitations' },
  none: { id: 'admin.invitations.none', defaultMessage: 'No invitations yet.' },
  listLabel: { id: 'admin.invitations.listLabel', defaultMessage: 'Invitations sent' },
  dialogTitle: { id: 'admin.invitations.dialogTitle', defaultMessage: 'Invite people' },
  addresses: { id: 'admin.invitations.addresses', defaultMessage: 'Addresses' },
  addressesHelp: {
    id: 'admin.invitations.addressesHelp',
    defaultMessage:
      'One person per line: an address, or “address, name, role” (a CSV file’s lines work too). Up to {max} at once.',
  },
  placeholder: {
    id: 'admin.invitations.placeholder',
    defaultMessage: 'noor@example.com\nsam@example.com, Sam Lee, admin',
  },
  nameAndEmail: { id: 'admin.invitations.nameAndEmail', defaultMessage: '{name} ({email})' },
  role: { id: 'admin.invitations.role', defaultMessage: 'Role for lines that name none' },
  organisation: {
    id: 'admin.invitations.organisation',
    defaultMessage: 'On behalf of an organisation (customers only)',
  },
  noOrganisation: { id: 'admin.invitations.noOrganisation', defaultMessage: 'None' },
  metaOrganisation: {
    id: 'admin.invitations.metaOrganisation',
    defaultMessage: '{role} of {organisation} · invited by {inviter}, {when}',
  },
  send: { id: 'admin.invitations.send', defaultMessage: 'Send invitations' },
  cancel: { id: 'admin.invitations.cancel', defaultMessage: 'Cancel' },
  done: { id: 'admin.invitations.done', defaultMessage: 'Done' },
  empty: { id: 'admin.invitations.empty', defaultMessage: 'Add at least one address.' },
  tooMany: {
    id: 'admin.invitations.tooMany',
    defaultMessage: 'That is {count} people: invite at most {max} at once.',
  },
  problems: {
    id: 'admin.invitations.problems',
    defaultMessage:
      '{count, plural, one {One line cannot be read} other {# lines cannot be read}}. Nothing was sent: correct {count, plural, one {it} other {them}} and send again.',
  },
  results: { id: 'admin.invitations.results', defaultMessage: 'What happened to each address' },
  meta: { id: 'admin.invitations.meta', defaultMessage: '{role} · invited by {inviter}, {when}' },
  resend: { id: 'admin.invitations.resend', defaultMessage: 'Resend' },
  resendLabel: { id: 'admin.invitations.resendLabel', defaultMessage: 'Resend the invitation to {email}' },
  resent: {
    id: 'admin.invitations.resent',
    defaultMessage: 'A new link went to {email}. The old one no longer works.',
  },
  revoke: { id: 'admin.invitations.revoke', defaultMessage: 'Withdraw' },
  revokeLabel: { id: 'admin.invitations.revokeLabel', defaultMessage: 'Withdraw the invitation to {email}' },
  revokeTitle: { id: 'admin.invitations.revokeTitle', defaultMessage: 'Withdraw the invitation to {email}?' },
  revokeEffect: {
    id: 'admin.invitations.revokeEffect',
    defaultMessage: 'The link in the email stops working. You can invite the address again later.',
  },
  revoked: { id: 'admin.invitations.revoked', defaultMessage: 'The invitation to {email} is withdrawn.' },
});

const ISSUE = defineMessages<InvitationLineIssue>({
  email: { id: 'admin.invitations.issue.email', defaultMessage: 'Line {line} (“{text}”): not an email address.' },
  role: {
    id: 'admin.invitations.issue.role',
    defaultMessage: 'Line {line} (“{text}”): the role must be customer, agent or admin.',
  },
  name: { id: 'admin.invitations.issue.name', defaultMessage: 'Line {line} (“{text}”): the name is too long.' },
});

const OUTCOME = defineMessages<InvitationOutcome['outcome']>({
  invited: { id: 'admin.invitations.outcome.invited', defaultMessage: '{email}: invited.' },
  hasAccount: {
    id: 'admin.invitations.outcome.hasAccount',
    defaultMessage: '{email}: has an account already; nothing sent. Change their role in the people list.',
  },
  alreadyInvited: {
    id: 'admin.invitations.outcome.alreadyInvited',
    defaultMessage: '{email}: invited already and not expired; nothing sent. Resend it from the list.',
  },
  duplicate: { id: 'admin.invitations.outcome.duplicate', defaultMessage: '{email}: in the list twice; invited once.' },
});

const STATUS = defineMessages<InvitationStatus>({
  pending: { id: 'admin.invitations.status.pending', defaultMessage: 'Pending until {date}' },
  expired: { id: 'admin.invitations.status.expired', defaultMessage: 'Expired' },
  accepted: { id: 'admin.invitations.status.accepted', defaultMessage: 'Accepted {date}' },
  revoked: { id: 'admin.invitations.status.revoked', defaultMessage: 'Withdrawn' },
});

const STATUS_COLOR: Record<InvitationStatus, string> = {
  pending: 'geekblue',
  expired: 'gold',
  accepted: 'green',
  revoked: 'default',
};

/** The "Invite people" dialog: what is pasted, the default role, and the outcomes once sent. */
function InviteDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const labels = useLabels();
  const friendly = useFriendlyMessage();
  const [invite, { isLoading }] = useInvitePeopleMutation();
  const [text, setText] = useState('');
  const [role, setRole] = useState<Role>('agent');
  const [organisationId, setOrganisationId] = useState<string | undefined>(undefined);
  const organisations = useWatchOrganisationsQuery().data?.value ?? undefined;
  const [messages, setMessages] = useState<string[]>([]);
  const [outcomes, setOutcomes] = useState<InvitationOutcome[] | null>(null);

  const submit = async () => {
    const { rows, problems } = parseInvitationList(text, role);
    if (problems.length > 0) {
      setMessages([
        intl.formatMessage(TEXT.problems, { count: problems.length }),
        ...problems.map((problem) =>
          intl.formatMessage(ISSUE[problem.issue], { line: problem.line, text: problem.text }),
        ),
      ]);
      return;
    }
    if (rows.length === 0) return setMessages([intl.formatMessage(TEXT.empty)]);
    if (rows.length > INVITATIONS_PER_REQUEST) {
      return setMessages([intl.formatMessage(TEXT.tooMany, { count: rows.length, max: INVITATIONS_PER_REQUEST })]);
    }
    setMessages([]);
    const outcome = await outcomeOf(invite({ invitations: rows, ...(organisationId && { organisationId }) }));
    if (outcome.ok) setOutcomes(outcome.data);
    else setMessages([friendly(outcome.error)]);
  };

  return (
    <Modal
      open
      title={intl.formatMessage(TEXT.dialogTitle)}
      onCancel={onClose}
      footer={
        outcomes ? (
          <Button type="primary" onClick={onClose}>
            {intl.formatMessage(TEXT.done)}
          </Button>
        ) : (
          <Flex gap={8} justify="end">
            <Button onClick={onClose}>{intl.formatMessage(TEXT.cancel)}</Button>
            <Button type="primary" loading={isLoading} onClick={() => void submit()}>
              {intl.formatMessage(TEXT.send)}
            </Button>
          </Flex>
        )
      }
    >
      {outcomes ? (
        <section aria-label={intl.formatMessage(TEXT.results)}>
          <List
            size="small"
            dataSource={outcomes}
            renderItem={(outcome) => (
              <List.Item data-testid="invitation-outcome">
                <span dir="auto">{intl.formatMessage(OUTCOME[outcome.outcome], { email: outcome.email })}</span>
              </List.Item>
            )}
          />
        </section>
      ) : (
        <Flex vertical gap="middle">
          <Flex vertical gap={4}>
            <Typography.Text strong>
              <label htmlFor="invite-addresses">{intl.formatMessage(TEXT.addresses)}</label>
            </Typography.Text>
            <Input.TextArea
              id="invite-addresses"
              aria-describedby="invite-addresses-help"
              value={text}
              onChange={(event) => setText(event.target.value)}
              autoSize={{ minRows: 4, maxRows: 12 }}
              placeholder={intl.formatMessage(TEXT.placeholder)}
              dir="auto"
            />
            <Typography.Text type="secondary" id="invite-addresses-help">
              {intl.formatMessage(TEXT.addressesHelp, { max: INVITATIONS_PER_REQUEST })}
            </Typography.Text>
          </Flex>
          <Flex vertical gap={4}>
            <Typography.Text strong id="invite-role-label">
              {intl.formatMessage(TEXT.role)}
            </Typography.Text>
            <Select<Role>
              aria-labelledby="invite-role-label"
              virtual={false}
              value={role}
              onChange={setRole}
              options={ROLES.map((value) => ({ value, label: labels.role(value) }))}
              style={{ width: 200 }}
            />
          </Flex>
          <Flex vertical gap={4}>
            <Typography.Text strong id="invite-organisation-label">
              {intl.formatMessage(TEXT.organisation)}
            </Typography.Text>
            <Select<string>
              aria-labelledby="invite-organisation-label"
              virtual={false}
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={intl.formatMessage(TEXT.noOrganisation)}
              loading={!organisations}
              value={organisationId}
              onChange={(value: string | undefined) => setOrganisationId(value)}
              options={(organisations ?? []).map((organisation) => ({
                value: organisation.id,
                label: organisation.name,
              }))}
              style={{ maxWidth: 320, width: '100%' }}
            />
          </Flex>
          {messages.length > 0 && (
            <Alert
              type="error"
              showIcon
              message={messages[0]}
              description={
                messages.length > 1 ? (
                  <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                    {messages.slice(1).map((message) => (
                      <li key={message} dir="auto">
                        {message}
                      </li>
                    ))}
                  </ul>
                ) : undefined
              }
            />
          )}
        </Flex>
      )}
    </Modal>
  );
}

/** One invitation: address, name, role, state, who invited when; "Resend" and "Withdraw" while it can be. */
function InvitationItem({ invitation, now }: { invitation: Invitation; now: string }) {
  const intl = useIntl();
  const labels = useLabels();
  const { dateTime } = useTimeFormat();
  const { modal } = App.useApp();
  const runWithFeedback = useMutationFeedback();
  const [resend, { isLoading: resending }] = useResendInvitationMutation();
  const [revoke, { isLoading: revoking }] = useRevokeInvitationMutation();
  const status = invitationStatus(invitation, now);
  const open = status === 'pending' || status === 'expired';
  const { email } = invitation;
  const date = status === 'accepted' ? (invitation.acceptedAt ?? '') : invitation.expiresAt;
  return (
    <List.Item
      data-testid="invitation"
      actions={
        open
          ? [
              <Button
                key="resend"
                aria-label={intl.formatMessage(TEXT.resendLabel, { email })}
                disabled={resending}
                onClick={() => void runWithFeedback(resend(invitation.id), intl.formatMessage(TEXT.resent, { email }))}
              >
                {intl.formatMessage(TEXT.resend)}
              </Button>,
              <Button
                key="revoke"
                danger
                aria-label={intl.formatMessage(TEXT.revokeLabel, { email })}
                disabled={revoking}
                onClick={() =>
                  modal.confirm({
                    title: intl.formatMessage(TEXT.revokeTitle, { email }),
                    content: intl.formatMessage(TEXT.revokeEffect),
                    okText: intl.formatMessage(TEXT.revoke),
                    okButtonProps: { danger: true },
                    cancelText: intl.formatMessage(TEXT.cancel),
                    onOk: () =>
                      void runWithFeedback(revoke(invitation.id), intl.formatMessage(TEXT.revoked, { email })),
                  })
                }
              >
                {intl.formatMessage(TEXT.revoke)}
              </Button>,
            ]
          : []
      }
    >
      <List.Item.Meta
        title={
          <Flex gap={8} align="center" wrap>
            <span dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {invitation.displayName
                ? intl.formatMessage(TEXT.nameAndEmail, { name: invitation.displayName, email })
                : email}
            </span>
            <PresetTag color={STATUS_COLOR[status]}>
              {intl.formatMessage(STATUS[status], { date: date ? dateTime(date) : '' })}
            </PresetTag>
          </Flex>
        }
        description={intl.formatMessage(invitation.organisationName ? TEXT.metaOrganisation : TEXT.meta, {
          role: labels.role(invitation.role),
          organisation: invitation.organisationName,
          inviter: invitation.invitedByName,
          when: dateTime(invitation.sentAt),
        })}
      />
    </List.Item>
  );
}

/** The invitations' section of `/admin`: "Invite people" and the list, live. */
export function InvitationsSection() {
  const intl = useIntl();
  const { data } = useWatchInvitationsQuery();
  const [inviting, setInviting] = useState(false);
  // "Expired" follows the clock: read again each minute.
  const now = new Date(useMinuteClock()).toISOString();
  const invitations = data?.value ?? [];
  // On a phone, Resend and Withdraw go under the text rather than squeeze it.
  const phone = usePhoneLayout();
  return (
    <Flex vertical gap="middle">
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
      <Flex justify="end">
        <Button type="primary" onClick={() => setInviting(true)}>
          {intl.formatMessage(TEXT.open)}
        </Button>
      </Flex>
      {data?.error ? (
        <LiveError error={data.error as ErrorShape} what={intl.formatMessage(TEXT.what)} />
      ) : (
        <section aria-label={intl.formatMessage(TEXT.listLabel)}>
          <List<Invitation>
            itemLayout={phone ? 'vertical' : 'horizontal'}
            loading={!data}
            dataSource={invitations}
            // Secondary text, not the list's default (the disabled grey, below AA contrast).
            locale={{ emptyText: <Typography.Text type="secondary">{intl.formatMessage(TEXT.none)}</Typography.Text> }}
            renderItem={(invitation) => <InvitationItem key={invitation.id} invitation={invitation} now={now} />}
          />
        </section>
      )}
    </Flex>
  );
}
