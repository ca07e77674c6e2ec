/**
 * The ticket screen's followers card (DESIGN §1 "Followers"): who follows the ticket, and the
 * signed-in agent's own "Follow" / "Unfollow". A follower is emailed about every message on the
 * ticket, internal notes included, and every change of its status or assignee.
 */
import { defineMessages, useIntl } from 'react-intl';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import type { Ticket, UserProfile } from '@/domain/types';
import { useSetFollowingMutation, useWatchFollowersQuery } from '@/features/tickets/api/ticket-api';
import { LiveError } from '@/components/live-error';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';

const MESSAGES = defineMessages({
  title: { id: 'workspace.followers.title', defaultMessage: 'Followers' },
  help: {
    id: 'workspace.followers.help',
    defaultMessage:
      'Followers get an email for every reply and internal note, and when the status or assignee changes.',
  },
  none: { id: 'workspace.followers.none', defaultMessage: 'Nobody follows this ticket.' },
  you: { id: 'workspace.followers.you', defaultMessage: '{name} (you)' },
  follow: { id: 'workspace.followers.follow', defaultMessage: 'Follow' },
  unfollow: { id: 'workspace.followers.unfollow', defaultMessage: 'Unfollow' },
  followed: { id: 'workspace.followers.followed', defaultMessage: 'You follow ticket #{number}.' },
  unfollowed: { id: 'workspace.followers.unfollowed', defaultMessage: 'You no longer follow ticket #{number}.' },
  what: { id: 'workspace.followers.what', defaultMessage: 'the followers' },
});

/** The followers card of the agent's ticket workspace. */
export function TicketFollowers({ ticket, me }: { ticket: Ticket; me: Pick<UserProfile, 'uid'> }) {
  const intl = useIntl();
  const { data } = useWatchFollowersQuery(ticket.id);
  const [setFollowing, { isLoading }] = useSetFollowingMutation();
  const run = useMutationFeedback();
  const followers = data?.value;
  const following = followers?.some((follower) => follower.uid === me.uid) ?? false;

  let body;
  if (data?.error) body = <LiveError error={data.error} what={intl.formatMessage(MESSAGES.what)} />;
  else if (!followers) body = <Skeleton active title={false} paragraph={{ rows: 1 }} />;
  else
    body = (
      <Flex vertical gap={8}>
        {followers.length === 0 ? (
          <Typography.Text type="secondary">{intl.formatMessage(MESSAGES.none)}</Typography.Text>
        ) : (
          <ul style={{ margin: 0, padding: 0, listStyle: 'none' }} aria-label={intl.formatMessage(MESSAGES.title)}>
            {followers.map((follower) => (
              <li key={follower.uid} dir="auto">
                {follower.uid === me.uid
                  ? intl.formatMessage(MESSAGES.you, { name: follower.displayName })
                  : follower.displayName}
              </li>
            ))}
          </ul>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {intl.formatMessage(MESSAGES.help)}
        </Typography.Text>
        <div>
          <Button
            loading={isLoading}
            aria-pressed={following}
            onClick={() =>
              void run(
                setFollowing({ id: ticket.id, following: !following }),
                intl.formatMessage(following ? MESSAGES.unfollowed : MESSAGES.followed, { number: ticket.number }),
              )
            }
          >
            {intl.formatMessage(following ? MESSAGES.unfollow : MESSAGES.follow)}
          </Button>
        </div>
      </Flex>
    );
  return (
    <Card size="small" title={intl.formatMessage(MESSAGES.title)} data-testid="ticket-followers">
      {body}
    </Card>
  );
}
