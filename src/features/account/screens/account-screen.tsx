/**
 * The account page (`/account`, every role, DESIGN §9): name and picture, whether the email address
 * is verified (with a new link on request), which emails they get — the part every email's footer
 * and `List-Unsubscribe` link to (`#notifications`) — the password, "Export my data" and
 * "Delete my account".
 */
import { SectionTitle } from '@/components/page-title';
import { useEffect, useRef } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Switch from 'antd/es/switch';
import { PresetTag } from '@/components/preset-tag';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { DEFAULT_NOTIFICATIONS, notificationKindsFor } from '@/domain/mail/preferences';
import type { NotificationPreferences, UserProfile } from '@/domain/types';
import { useSendEmailVerificationMutation, useSetOwnNotificationsMutation } from '@/features/account/api/account-api';
import { ProfileCard } from '@/features/account/components/profile-card';
import { DataCard, PasswordCard } from '@/features/account/components/security-card';
import { useCurrentUser, useEmailVerified } from '@/lib/session/current-user';
import { useAppearanceControls } from '@/lib/appearance-controls';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';

const SWITCH = defineMessages<keyof NotificationPreferences>({
  requestUpdates: { id: 'account.notifications.requestUpdates', defaultMessage: 'Updates on my requests' },
  ticketAssigned: { id: 'account.notifications.ticketAssigned', defaultMessage: 'A ticket is assigned to me' },
  customerReplies: {
    id: 'account.notifications.customerReplies',
    defaultMessage: 'A requester replies on a ticket assigned to me',
  },
  newUnassigned: { id: 'account.notifications.newUnassigned', defaultMessage: 'Every new ticket in Unassigned' },
});

const SWITCH_HELP = defineMessages<keyof NotificationPreferences>({
  requestUpdates: {
    id: 'account.notifications.requestUpdates.help',
    defaultMessage:
      'When a request of yours is received, answered by support, or solved. You can reply to these emails.',
  },
  ticketAssigned: {
    id: 'account.notifications.ticketAssigned.help',
    defaultMessage: 'When someone else makes you a ticket’s assignee.',
  },
  customerReplies: {
    id: 'account.notifications.customerReplies.help',
    defaultMessage: 'With the requester’s reply quoted, so you can judge how urgent it is.',
  },
  newUnassigned: {
    id: 'account.notifications.newUnassigned.help',
    defaultMessage: 'Useful for whoever watches the queue; off by default.',
  },
});

const SWITCH_DONE = defineMessages({
  on: { id: 'account.notifications.on', defaultMessage: 'You will get these emails: {what}.' },
  off: { id: 'account.notifications.off', defaultMessage: 'You will no longer get these emails: {what}.' },
});

/** The email switches of DESIGN §9, saved as each one is turned. */
function Notifications({ user }: { user: UserProfile }) {
  const intl = useIntl();
  const [save, { isLoading }] = useSetOwnNotificationsMutation();
  const runWithFeedback = useMutationFeedback();
  const current = user.notifications ?? DEFAULT_NOTIFICATIONS;
  const card = useRef<HTMLDivElement>(null);

  // Emails link here (`/account#notifications`): bring the switches into view.
  useEffect(() => {
    if (window.location.hash === '#notifications') card.current?.scrollIntoView({ block: 'start' });
  }, []);

  const turn = (key: keyof NotificationPreferences, on: boolean) => {
    const what = intl.formatMessage(SWITCH[key]);
    void runWithFeedback(
      save({ ...current, [key]: on }),
      intl.formatMessage(on ? SWITCH_DONE.on : SWITCH_DONE.off, { what }),
    );
  };

  return (
    <Card
      id="notifications"
      ref={card}
      title={
        <SectionTitle>
          <FormattedMessage id="account.notifications.title" defaultMessage="Email notifications" />
        </SectionTitle>
      }
    >
      <Flex vertical gap="middle">
        {notificationKindsFor(user.role).map((key) => (
          <Flex key={key} gap="middle" align="start">
            <Switch
              id={`notify-${key}`}
              aria-describedby={`notify-${key}-help`}
              checked={current[key]}
              disabled={isLoading}
              onChange={(on) => turn(key, on)}
            />
            <div>
              <label htmlFor={`notify-${key}`}>
                <Typography.Text strong>{intl.formatMessage(SWITCH[key])}</Typography.Text>
              </label>
              <Typography.Paragraph id={`notify-${key}-help`} type="secondary" style={{ margin: 0 }}>
                {intl.formatMessage(SWITCH_HELP[key])}
              </Typography.Paragraph>
            </div>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}

/** Whether the address is verified, and a new link when it is not. */
function EmailAddress({ user }: { user: UserProfile }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const verified = useEmailVerified();
  const [send, { isLoading, isSuccess, data }] = useSendEmailVerificationMutation();
  const runWithFeedback = useMutationFeedback();
  return (
    <Card
      title={
        <SectionTitle>
          <FormattedMessage id="account.email.title" defaultMessage="Email address" />
        </SectionTitle>
      }
    >
      <Flex gap="small" wrap align="center">
        <Typography.Text dir="auto" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography.Text>
        {verified ? (
          <PresetTag color="green">
            {intl.formatMessage({ id: 'account.email.verified', defaultMessage: 'Verified' })}
          </PresetTag>
        ) : (
          <PresetTag color="gold">
            {intl.formatMessage({ id: 'account.email.unverified', defaultMessage: 'Not verified' })}
          </PresetTag>
        )}
      </Flex>
      {verified ? null : (
        <Flex vertical gap="small" align="start" style={{ marginTop: token.margin }}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            <FormattedMessage
              id="account.email.whyNoMail"
              defaultMessage="Until you verify your address, the desk sends you no email: no receipts, replies or updates. Your requests still work here."
            />
          </Typography.Paragraph>
          <Button
            loading={isLoading}
            onClick={() =>
              void runWithFeedback(send(), (result) =>
                result.sendsEmail
                  ? intl.formatMessage(
                      { id: 'account.email.sent', defaultMessage: 'A verification link is on its way to {email}.' },
                      { email: user.email },
                    )
                  : intl.formatMessage({
                      id: 'account.email.verifiedLocally',
                      defaultMessage: 'Verified (this demo sends no email, so the link is taken as clicked).',
                    }),
              )
            }
          >
            {isSuccess && data?.sendsEmail ? (
              <FormattedMessage id="account.email.resend" defaultMessage="Send the link again" />
            ) : (
              <FormattedMessage id="account.email.send" defaultMessage="Send a verification link" />
            )}
          </Button>
        </Flex>
      )}
    </Card>
  );
}

/** Theme and language, the same controls as in the header (handed over by the app). */
function Appearance() {
  const controls = useAppearanceControls();
  if (!controls) return null;
  return (
    <Card
      title={
        <SectionTitle>
          <FormattedMessage id="account.appearance.title" defaultMessage="Theme and language" />
        </SectionTitle>
      }
    >
      <Flex vertical gap="small" align="start">
        <Typography.Text type="secondary">
          <FormattedMessage
            id="account.appearance.help"
            defaultMessage="Kept in this browser; your language also follows you to other browsers and is the one emails are written in."
          />
        </Typography.Text>
        {controls}
      </Flex>
    </Card>
  );
}

/** The account screen. */
export default function AccountScreen() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <Flex vertical gap="middle" style={{ maxWidth: 760 }}>
      <ProfileCard user={user} />
      <EmailAddress user={user} />
      <Notifications user={user} />
      <Appearance />
      <PasswordCard />
      <DataCard user={user} />
    </Flex>
  );
}
