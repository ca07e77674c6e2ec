/**
 * The agent desk's home (`/desk`): the live queue of tickets that need work (new, open,
 * pending, on hold), newest activity first. Views, detail and bulk work come with later issues.
 */
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Table from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { LiveError } from '@/components/live-error';
import type { Ticket } from '@/domain/types';
import { useWatchTicketsQuery } from '@/features/tickets/api/tickets-api';
import { PriorityTag, StatusTag } from '@/features/tickets/components/status-tag';
import { formatDateTime, fromNow } from '@/lib/time';

const WORKING_STATUSES: Ticket['status'][] = ['new', 'open', 'pending', 'on_hold'];
const PAGE_SIZE = 100;

/** The desk screen. */
export default function DeskScreen() {
  const { data } = useWatchTicketsQuery({ statuses: WORKING_STATUSES, limit: PAGE_SIZE });
  const tickets = data?.value?.tickets ?? [];

  return (
    <Card
      title={
        <Typography.Title level={3} style={{ margin: 0 }}>
          Queue
        </Typography.Title>
      }
      extra={
        data?.value && (
          <Typography.Text type="secondary">
            {tickets.length}
            {data.value.hasMore ? '+' : ''} open tickets
          </Typography.Text>
        )
      }
    >
      {data?.error ? (
        <LiveError error={data.error} what="the queue" />
      ) : (
        <Table<Ticket>
          rowKey="id"
          size="middle"
          loading={!data?.value}
          dataSource={tickets}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty description="The queue is empty: every ticket is solved. Nice work." /> }}
          columns={[
            { title: '#', dataIndex: 'number', width: 72 },
            { title: 'Subject', dataIndex: 'subject', ellipsis: true },
            { title: 'Requester', dataIndex: 'requesterName', width: 180 },
            {
              title: 'Status',
              dataIndex: 'status',
              width: 110,
              render: (status: Ticket['status']) => <StatusTag status={status} />,
            },
            {
              title: 'Priority',
              dataIndex: 'priority',
              width: 100,
              render: (priority: Ticket['priority']) => <PriorityTag priority={priority} />,
            },
            {
              title: 'Assignee',
              dataIndex: 'assigneeName',
              width: 160,
              render: (name?: string) => name ?? <Typography.Text type="secondary">Unassigned</Typography.Text>,
            },
            {
              title: 'Last activity',
              dataIndex: 'lastMessageAt',
              width: 150,
              render: (iso: string) => <Tooltip title={formatDateTime(iso)}>{fromNow(iso)}</Tooltip>,
            },
          ]}
        />
      )}
    </Card>
  );
}
