/**
 * The customer portal's home (`/requests`): the signed-in person's own requests, newest
 * activity first, live. New requests and request detail arrive with the ticket issue.
 */
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useCurrentUser } from '@/app/hooks';
import { LiveError } from '@/components/live-error';
import { useWatchTicketsQuery } from '@/features/tickets/api/tickets-api';
import { StatusTag } from '@/features/tickets/components/status-tag';
import { formatDateTime, fromNow } from '@/lib/time';

const PAGE_SIZE = 50;

/** The requests screen. */
export default function MyRequestsScreen() {
  const user = useCurrentUser();
  const { data } = useWatchTicketsQuery({ requesterId: user?.uid ?? '', limit: PAGE_SIZE }, { skip: !user });

  return (
    <Card
      title={
        <Typography.Title level={3} style={{ margin: 0 }}>
          My requests
        </Typography.Title>
      }
    >
      {data?.error ? (
        <LiveError error={data.error} what="your requests" />
      ) : !data?.value ? (
        <Skeleton active />
      ) : data.value.tickets.length === 0 ? (
        <Empty
          description={
            <Space direction="vertical" size={4}>
              <Typography.Text strong>You have no requests yet</Typography.Text>
              <Typography.Text type="secondary">
                When you ask the support team for help, your requests and their answers appear here.
              </Typography.Text>
            </Space>
          }
        />
      ) : (
        <List
          itemLayout="horizontal"
          dataSource={data.value.tickets}
          renderItem={(ticket) => (
            <List.Item extra={<StatusTag status={ticket.status} />}>
              <List.Item.Meta
                title={
                  <Space>
                    <Typography.Text type="secondary">#{ticket.number}</Typography.Text>
                    <Typography.Text strong>{ticket.subject}</Typography.Text>
                  </Space>
                }
                description={
                  <Tooltip title={formatDateTime(ticket.lastMessageAt)}>
                    Last activity {fromNow(ticket.lastMessageAt)}
                  </Tooltip>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
