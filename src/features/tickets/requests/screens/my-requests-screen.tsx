/**
 * The customer portal's home (`/requests`): the signed-in person's own requests only,
 * newest public activity first, live, with "Load more" (cursor pages); a "New request" button,
 * and an empty state inviting the first request. A request opens `/requests/:id`.
 */
import { PageTitle } from '@/components/page-title';
import { type CSSProperties } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useCurrentUser } from '@/lib/session/current-user';
import { RequestList } from '@/features/tickets/requests/components/request-list';

const NEW_REQUEST_PATH = '/requests/new';

/** The requests screen. */
export default function MyRequestsScreen() {
  const { token } = theme.useToken();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const intl = useIntl();
  const newRequest = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(NEW_REQUEST_PATH)}>
      {intl.formatMessage({ id: 'requests.myRequests.newRequest', defaultMessage: 'New request' })}
    </Button>
  );

  const surface: CSSProperties = {
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    padding: 24,
  };

  return (
    <section style={surface} aria-labelledby="requests-title">
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <PageTitle id="requests-title">
            <FormattedMessage id="requests.myRequests.title" defaultMessage="My requests" />
          </PageTitle>
          {newRequest}
        </Flex>
        {user && (
          <RequestList
            requesterId={user.uid}
            empty={
              <Empty
                style={{ paddingBlock: 32 }}
                description={
                  <Flex vertical gap={4}>
                    <Typography.Text strong>
                      <FormattedMessage id="requests.myRequests.emptyTitle" defaultMessage="You have no requests yet" />
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      <FormattedMessage
                        id="requests.myRequests.emptyDescription"
                        defaultMessage="Ask the support team for help: your requests and their answers appear here."
                      />
                    </Typography.Text>
                  </Flex>
                }
              >
                {newRequest}
              </Empty>
            }
          />
        )}
      </Flex>
    </section>
  );
}
