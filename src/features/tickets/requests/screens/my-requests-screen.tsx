/**
 * The customer portal's home (`/requests`): the signed-in person's own requests only,
 * newest public activity first, live, with "Load more" (cursor pages); a search over them (a
 * number, or a word of a subject or of the public conversation, DESIGN §3 "Search"), kept in the
 * URL (`?q=`) so that going back from a request finds it again; a "New request" button, and an
 * empty state inviting the first request. A request opens `/requests/:id`.
 */
import { PageTitle } from '@/components/page-title';
import { useEffect, useState, type CSSProperties } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import Input from 'antd/es/input';
import theme from 'antd/es/theme';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useCurrentUser } from '@/lib/session/current-user';
import { RequestList } from '@/features/tickets/requests/components/request-list';
import { MAX_SEARCH_TEXT } from '@/domain/schemas';
import { searchKeyOf } from '@/domain/search-keys';

const NEW_REQUEST_PATH = '/requests/new';

/** How long typing pauses before the list follows the search box (ms), as the agents' queue. */
const SEARCH_PAUSE_MS = 300;

/**
 * The search box's text and the search in the URL (`?q=`): the box starts from the URL (a
 * reload, or back from a request), the URL follows the box 300 ms after typing pauses, or at once
 * on Enter; the URL is replaced, not pushed, so back leaves the page rather than each word.
 */
function useRequestSearch(): { text: string; setText: (text: string) => void; search: string; submit: () => void } {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [text, setText] = useState(search);
  const submit = () => setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
  useEffect(() => {
    if (text.trim() === search) return undefined;
    const timer = setTimeout(
      () => setParams(text.trim() ? { q: text.trim() } : {}, { replace: true }),
      SEARCH_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, search, setParams]);
  return { text, setText, search, submit };
}

/** The requests screen. */
export default function MyRequestsScreen() {
  const { token } = theme.useToken();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const intl = useIntl();
  const { text, setText, search, submit } = useRequestSearch();
  const searching = searchKeyOf(search) !== null;
  const tooShort = text.trim() !== '' && searchKeyOf(text) === null;
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
        <Flex vertical gap={4}>
          <Input.Search
            aria-label={intl.formatMessage({
              id: 'requests.myRequests.search',
              defaultMessage: 'Search your requests',
            })}
            placeholder={intl.formatMessage({
              id: 'requests.myRequests.searchPlaceholder',
              defaultMessage: '#number or any word',
            })}
            allowClear
            value={text}
            maxLength={MAX_SEARCH_TEXT}
            onChange={(event) => setText(event.target.value)}
            onSearch={submit}
            style={{ maxWidth: 360 }}
          />
          {tooShort && (
            <Typography.Text type="secondary">
              <FormattedMessage
                id="requests.myRequests.searchTooShort"
                defaultMessage="Type at least 2 letters, or a request number."
              />
            </Typography.Text>
          )}
        </Flex>
        {user && (
          <RequestList
            key={searching ? search : ''}
            requesterId={user.uid}
            {...(searching && { search })}
            empty={
              searching ? (
                <Empty
                  style={{ paddingBlock: 32 }}
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    <FormattedMessage
                      id="requests.myRequests.noMatch"
                      defaultMessage="No request of yours matches “{search}”."
                      values={{ search }}
                    />
                  }
                />
              ) : (
                <Empty
                  style={{ paddingBlock: 32 }}
                  description={
                    <Flex vertical gap={4}>
                      <Typography.Text strong>
                        <FormattedMessage
                          id="requests.myRequests.emptyTitle"
                          defaultMessage="You have no requests yet"
                        />
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
              )
            }
          />
        )}
      </Flex>
    </section>
  );
}
