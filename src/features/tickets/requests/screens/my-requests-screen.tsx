/**
 * The customer portal's home (`/requests`): the signed-in person's own requests only — and, for a
 * member of an organisation that shares its requests (DESIGN §1 "Organisations"), a second list
 * of the organisation's (`?of=organisation`, listed whole: no search),
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
import Segmented from 'antd/es/segmented';
import theme from 'antd/es/theme';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useCurrentUser } from '@/lib/session/current-user';
import { RequestList } from '@/features/tickets/requests/components/request-list';
import { MAX_SEARCH_TEXT } from '@/domain/schemas';
import { searchKeyOf } from '@/domain/search-keys';
import type { OrganisationView } from '@/domain/organisations';
import { useWatchOrganisationViewQuery } from '@/lib/store/people-api';

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

/** The `of=` value of the organisation's list. */
const OF_ORGANISATION = 'organisation';

/**
 * The organisation whose requests the person may list (theirs, when it shares them), read live
 * only when they belong to one; `null` otherwise.
 */
function useSharedOrganisation(organisationId: string | undefined): OrganisationView | null {
  const { data } = useWatchOrganisationViewQuery(organisationId ?? '', { skip: !organisationId });
  const view = organisationId ? data?.value : null;
  return view?.shareTickets ? view : null;
}

/** The requests screen. */
export default function MyRequestsScreen() {
  const { token } = theme.useToken();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const intl = useIntl();
  const { text, setText, search, submit } = useRequestSearch();
  const [params, setParams] = useSearchParams();
  const shared = useSharedOrganisation(user?.organisationId);
  const ofOrganisation = shared !== null && params.get('of') === OF_ORGANISATION;
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
        {shared && (
          <Segmented
            aria-label={intl.formatMessage({ id: 'requests.myRequests.whose', defaultMessage: 'Whose requests' })}
            value={ofOrganisation ? OF_ORGANISATION : 'mine'}
            onChange={(value) => setParams(value === OF_ORGANISATION ? { of: OF_ORGANISATION } : {}, { replace: true })}
            options={[
              {
                value: 'mine',
                label: intl.formatMessage({ id: 'requests.myRequests.mine', defaultMessage: 'Mine' }),
              },
              {
                value: OF_ORGANISATION,
                label: (
                  <span dir="auto">
                    {intl.formatMessage(
                      { id: 'requests.myRequests.organisation', defaultMessage: '{name}’s' },
                      { name: shared.name },
                    )}
                  </span>
                ),
              },
            ]}
          />
        )}
        {ofOrganisation && user && shared ? (
          <>
            <Typography.Text type="secondary">
              <FormattedMessage
                id="requests.myRequests.organisationHelp"
                defaultMessage="Every request of {name}, shared by your organisation: you can read them; only the person who asked can reply."
                values={{ name: <span dir="auto">{shared.name}</span> }}
              />
            </Typography.Text>
            <RequestList
              key={OF_ORGANISATION}
              scope={{ organisationId: shared.id }}
              viewerId={user.uid}
              empty={
                <Empty
                  style={{ paddingBlock: 32 }}
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    <FormattedMessage
                      id="requests.myRequests.organisationEmpty"
                      defaultMessage="Nobody of {name} has asked anything yet."
                      values={{ name: <span dir="auto">{shared.name}</span> }}
                    />
                  }
                />
              }
            />
          </>
        ) : (
          <>
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
                scope={{ requesterId: user.uid }}
                viewerId={user.uid}
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
          </>
        )}
      </Flex>
    </section>
  );
}
