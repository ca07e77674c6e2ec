/**
 * Admin home (`/admin`): the people of the desk, searched and paged, and their roles — only an
 * admin changes a role (DESIGN §1), never their own — with deactivating and reactivating them
 * (DESIGN §1 "Deactivated people"), the invitations (DESIGN §1 "Invitations"), and how the desk
 * works (assign on reply, DESIGN §2).
 * Categories, SLA targets and the other desk settings come later.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import Skeleton from 'antd/es/skeleton';
import Checkbox from 'antd/es/checkbox';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { Link } from 'react-router-dom';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import { PageTitle, SectionTitle } from '@/components/page-title';
import App from 'antd/es/app';
import Card from 'antd/es/card';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import List from 'antd/es/list';
import Tag from 'antd/es/tag';
import { DeactivateDialog, DeactivationControl } from '@/features/admin/components/deactivation-control';
import { InvitationsSection } from '@/features/admin/components/invitations';
import { MembershipSelect } from '@/features/admin/components/membership-select';
import { useCurrentUser } from '@/lib/session/current-user';
import { LiveError } from '@/components/live-error';
import { PersonAvatar } from '@/components/person-avatar';
import { ROLES, type Role } from '@/domain/roles';
import type { UserProfile } from '@/domain/types';
import { useSetRoleMutation } from '@/features/admin/api/users-api';
import { useListPeopleQuery, useWatchOrganisationsQuery } from '@/lib/store/people-api';
import { PEOPLE_SEARCH_DEBOUNCE_MS } from '@/components/person-search-select';
import { PEOPLE_PAGE_SIZE } from '@/domain/people';
import { searchKeyOf } from '@/domain/search-keys';
import { MAX_SEARCH_TEXT } from '@/domain/schemas';
import type { ErrorShape } from '@/domain/errors/errors';
import type { PeopleCursor } from '@/backend/port/users';
import { useSaveDeskSettingsMutation, useWatchDeskSettingsQuery } from '@/lib/store/desk-settings-api';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';
import { useLabels } from '@/lib/i18n/labels';
import { usePhoneLayout } from '@/lib/use-media-query';
import { useTimeFormat } from '@/lib/i18n/use-time-format';

/** The confirmation's question, one sentence per role (each language says "a customer" its own way). */
const ROLE_QUESTION = defineMessages<Role>({
  customer: { id: 'admin.roleChange.question.customer', defaultMessage: 'Make {name} a customer?' },
  agent: { id: 'admin.roleChange.question.agent', defaultMessage: 'Make {name} an agent?' },
  admin: { id: 'admin.roleChange.question.admin', defaultMessage: 'Make {name} an admin?' },
});

/** The confirmation's button. */
const ROLE_CONFIRM = defineMessages<Role>({
  customer: { id: 'admin.roleChange.confirm.customer', defaultMessage: 'Make a customer' },
  agent: { id: 'admin.roleChange.confirm.agent', defaultMessage: 'Make an agent' },
  admin: { id: 'admin.roleChange.confirm.admin', defaultMessage: 'Make an admin' },
});

/** The toast once the role has changed. */
const ROLE_DONE = defineMessages<Role>({
  customer: { id: 'admin.roleChange.done.customer', defaultMessage: '{name} is now a customer.' },
  agent: { id: 'admin.roleChange.done.agent', defaultMessage: '{name} is now an agent.' },
  admin: { id: 'admin.roleChange.done.admin', defaultMessage: '{name} is now an admin.' },
});

/** What a person of each role can see and do (DESIGN §1), said before the change. */
const ROLE_REACH = defineMessages<Role>({
  customer: {
    id: 'admin.roleChange.reach.customer',
    defaultMessage:
      'Customers see only their own requests and the public replies on them. They lose the desk, internal notes and everyone else’s tickets.',
  },
  agent: {
    id: 'admin.roleChange.reach.agent',
    defaultMessage:
      'Agents see every ticket and every requester, internal notes included, and can reply, assign and change any ticket.',
  },
  admin: {
    id: 'admin.roleChange.reach.admin',
    defaultMessage: 'Admins can do everything agents do, and change anyone’s role but their own.',
  },
});

/** The people list's own words. */
const PEOPLE_TEXT = defineMessages({
  filters: { id: 'admin.people.filters', defaultMessage: 'Find people' },
  search: { id: 'admin.people.search', defaultMessage: 'Search by name or email' },
  role: { id: 'admin.people.roleFilter', defaultMessage: 'Role' },
  anyRole: { id: 'admin.people.anyRole', defaultMessage: 'Every role' },
  organisation: { id: 'admin.people.organisationFilter', defaultMessage: 'Organisation' },
  deactivatedOnly: { id: 'admin.people.deactivatedOnly', defaultMessage: 'Deactivated only' },
  anyOrganisation: { id: 'admin.people.anyOrganisation', defaultMessage: 'Every organisation' },
  loadWhat: { id: 'admin.people.loadWhat', defaultMessage: 'people' },
  nobody: { id: 'admin.people.nobody', defaultMessage: 'Nobody matches.' },
});

/** The role filter's "every role" value (a Select option needs a string). */
const ANY_ROLE = '\u0000any';

/** How the desk works: the switches an admin may turn (DESIGN §2 `assignsOnReply`). */
function DeskRules() {
  const { data } = useWatchDeskSettingsQuery();
  const [save, { isLoading }] = useSaveDeskSettingsMutation();
  const runWithFeedback = useMutationFeedback();
  const settings = data?.value;
  const intl = useIntl();

  const setAssignOnReply = (assignOnReply: boolean) => {
    if (!settings) return;
    void runWithFeedback(
      save({ ...settings, assignOnReply }),
      assignOnReply
        ? intl.formatMessage({
            id: 'admin.deskRules.assignOnReplyOn',
            defaultMessage: 'A new, unassigned ticket now goes to the agent who first replies to it.',
          })
        : intl.formatMessage({
            id: 'admin.deskRules.assignOnReplyOff',
            defaultMessage:
              'Replying no longer assigns a ticket; new tickets stay unassigned until someone takes them.',
          }),
    );
  };

  return (
    <Card
      title={
        <SectionTitle>
          <FormattedMessage id="admin.deskRules.title" defaultMessage="How the desk works" />
        </SectionTitle>
      }
    >
      {data?.error ? (
        <LiveError
          error={data.error}
          what={intl.formatMessage({ id: 'admin.deskRules.loadWhat', defaultMessage: 'desk settings' })}
        />
      ) : (
        <Flex gap="middle" align="start">
          <Switch
            id="assign-on-reply"
            aria-describedby="assign-on-reply-help"
            checked={settings?.assignOnReply ?? true}
            loading={!settings || isLoading}
            disabled={!settings || isLoading}
            onChange={setAssignOnReply}
          />
          <div>
            <label htmlFor="assign-on-reply">
              <Typography.Text strong>
                <FormattedMessage
                  id="admin.deskRules.assignOnReplyLabel"
                  defaultMessage="Assign a new ticket to the agent who first replies"
                />
              </Typography.Text>
            </label>
            <Typography.Paragraph id="assign-on-reply-help" type="secondary" style={{ margin: 0 }}>
              <FormattedMessage
                id="admin.deskRules.assignOnReplyHelp"
                defaultMessage="A public reply always opens a New ticket, so the customer no longer reads “waiting on you”. With this on, it also makes the agent who wrote it the assignee when nobody is."
              />
            </Typography.Paragraph>
          </div>
        </Flex>
      )}
    </Card>
  );
}

/**
 * What the people list shows: the search typed, the role and organisation chosen, and the pages
 * walked so far.
 */
interface PeopleListState {
  search: string;
  role: Role | undefined;
  organisationId: string | undefined;
  /** Only the deactivated people — alone: a search, a role or an organisation is cleared. */
  deactivated: boolean;
  /** The cursor of each page opened with "Next", the current one last (empty: the first page). */
  cursors: PeopleCursor[];
}

const FIRST_PAGE: PeopleListState = {
  search: '',
  role: undefined,
  organisationId: undefined,
  deactivated: false,
  cursors: [],
};

/**
 * The people of the desk in pages of {@link PEOPLE_PAGE_SIZE} (DESIGN §3 "Finding people"):
 * searched by name or email, filtered by role and organisation or to the deactivated alone, walked with Previous and Next (cursors, never the
 * whole list), each with their role — changed only after a confirmation (DESIGN §1).
 */
function PeopleList() {
  const me = useCurrentUser();
  const [state, setState] = useState<PeopleListState>(FIRST_PAGE);
  const [text, setText] = useState('');
  const { data, error, isFetching } = useListPeopleQuery({
    ...(state.search ? { search: state.search } : {}),
    ...(state.role ? { role: state.role } : {}),
    ...(state.organisationId ? { organisationId: state.organisationId } : {}),
    ...(state.deactivated ? { deactivated: true as const } : {}),
    limit: PEOPLE_PAGE_SIZE,
    after: state.cursors.at(-1) ?? null,
  });
  const [setRole, { isLoading }] = useSetRoleMutation();
  // Outside the rows: the list draws its rows again while it loads, which would close a row's dialog.
  const [deactivating, setDeactivating] = useState<UserProfile | null>(null);
  const runWithFeedback = useMutationFeedback();
  const { modal } = App.useApp();
  const intl = useIntl();
  const labels = useLabels();
  const { dateTime } = useTimeFormat();
  // On a phone, the role and deactivation controls go under the person rather than squeeze them.
  const phone = usePhoneLayout();
  const organisations = useWatchOrganisationsQuery().data?.value ?? undefined;

  // Debounced: the search runs once typing pauses, from the first page.
  const search = useDebouncedValue(text.trim(), PEOPLE_SEARCH_DEBOUNCE_MS);
  useEffect(
    () =>
      setState((current) =>
        current.search === search
          ? current
          : { ...current, search, ...(search && { deactivated: false }), cursors: [] },
      ),
    [search],
  );

  /** Asks first, naming the person and what the new role sees (a role opens or closes the desk). */
  const changeRole = (user: UserProfile, role: Role) =>
    modal.confirm({
      title: intl.formatMessage(ROLE_QUESTION[role], { name: user.displayName }),
      content: intl.formatMessage(ROLE_REACH[role]),
      okText: intl.formatMessage(ROLE_CONFIRM[role]),
      cancelText: intl.formatMessage({ id: 'admin.roleChange.cancel', defaultMessage: 'Cancel' }),
      onOk: () =>
        void runWithFeedback(
          setRole({ uid: user.uid, role }),
          intl.formatMessage(ROLE_DONE[role], { name: user.displayName }),
        ),
    });

  const tooShort = text.trim() !== '' && searchKeyOf(text) === null;
  const people = data?.people ?? [];
  return (
    <Flex vertical gap="middle">
      {deactivating && <DeactivateDialog person={deactivating} onClose={() => setDeactivating(null)} />}
      <Flex wrap gap={8} role="search" aria-label={intl.formatMessage(PEOPLE_TEXT.filters)}>
        <Input.Search
          aria-label={intl.formatMessage(PEOPLE_TEXT.search)}
          placeholder={intl.formatMessage(PEOPLE_TEXT.search)}
          allowClear
          value={text}
          maxLength={MAX_SEARCH_TEXT}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) =>
            setState((current) => ({
              ...current,
              search: value.trim(),
              ...(value.trim() && { deactivated: false }),
              cursors: [],
            }))
          }
          style={{ width: 320 }}
        />
        <Select<Role | typeof ANY_ROLE>
          aria-label={intl.formatMessage(PEOPLE_TEXT.role)}
          // Not virtual (a handful of options): its options are then the listbox's, with their
          // role, where the virtual list draws them as plain boxes carrying aria-selected.
          virtual={false}
          style={{ width: 160 }}
          value={state.role ?? ANY_ROLE}
          onChange={(role) =>
            setState((current) => ({
              ...current,
              role: role === ANY_ROLE ? undefined : role,
              ...(role !== ANY_ROLE && { deactivated: false }),
              cursors: [],
            }))
          }
          options={[
            { value: ANY_ROLE, label: intl.formatMessage(PEOPLE_TEXT.anyRole) },
            ...ROLES.map((value) => ({ value, label: labels.role(value) })),
          ]}
        />
        <Select<string>
          aria-label={intl.formatMessage(PEOPLE_TEXT.organisation)}
          placeholder={intl.formatMessage(PEOPLE_TEXT.anyOrganisation)}
          allowClear
          showSearch
          optionFilterProp="label"
          virtual={false}
          loading={!organisations}
          style={{ width: 200 }}
          value={state.organisationId}
          onChange={(organisationId: string | undefined) =>
            setState((current) => ({
              ...current,
              organisationId,
              ...(organisationId && { deactivated: false }),
              cursors: [],
            }))
          }
          options={(organisations ?? []).map((organisation) => ({ value: organisation.id, label: organisation.name }))}
        />
        {/* Deactivated people are listed alone (DESIGN §1 "Deactivated people"): choosing it clears the rest. */}
        <Checkbox
          checked={state.deactivated}
          onChange={(event) => {
            const deactivated = event.target.checked;
            if (deactivated) setText('');
            setState((current) =>
              deactivated ? { ...FIRST_PAGE, deactivated: true } : { ...current, deactivated: false, cursors: [] },
            );
          }}
          style={{ alignSelf: 'center' }}
        >
          {intl.formatMessage(PEOPLE_TEXT.deactivatedOnly)}
        </Checkbox>
      </Flex>
      {tooShort && (
        <Typography.Text type="secondary">
          <FormattedMessage id="admin.people.tooShort" defaultMessage="Type at least 2 letters of a name or email." />
        </Typography.Text>
      )}
      {error ? (
        <LiveError error={error as ErrorShape} what={intl.formatMessage(PEOPLE_TEXT.loadWhat)} />
      ) : (
        <section aria-label={intl.formatMessage({ id: 'admin.people.listLabel', defaultMessage: 'People' })}>
          <List<UserProfile>
            itemLayout={phone ? 'vertical' : 'horizontal'}
            loading={!data || isFetching}
            dataSource={people}
            // Secondary text, not the list's default (the disabled grey, below AA contrast).
            locale={{
              emptyText: <Typography.Text type="secondary">{intl.formatMessage(PEOPLE_TEXT.nobody)}</Typography.Text>,
            }}
            renderItem={(user) => {
              const controls = [
                ...(user.role === 'customer'
                  ? [<MembershipSelect key="organisation" person={user} organisations={organisations} />]
                  : []),
                ...(user.uid === me?.uid
                  ? []
                  : [<DeactivationControl key="deactivation" person={user} onDeactivate={setDeactivating} />]),
                // One's own role is not for oneself to change (DESIGN §1): said as text, not a greyed-out control.
                user.uid === me?.uid ? (
                  <Typography.Text key="role" data-testid="own-role">
                    <FormattedMessage
                      id="admin.people.ownRole"
                      defaultMessage="{role} (you)"
                      values={{ role: labels.role(user.role) }}
                    />
                  </Typography.Text>
                ) : (
                  <Select<Role>
                    key="role"
                    aria-label={intl.formatMessage(
                      { id: 'admin.people.roleLabel', defaultMessage: 'Role of {name}' },
                      { name: user.displayName },
                    )}
                    value={user.role}
                    virtual={false}
                    disabled={isLoading}
                    style={{ width: 130 }}
                    options={ROLES.map((value) => ({ value, label: labels.role(value) }))}
                    onChange={(next) => changeRole(user, next)}
                  />
                ),
              ];
              // On a phone the controls wrap under the person as one row of their own, not the
              // list's centred action cells (which stagger once they wrap).
              return (
                <List.Item key={user.uid} {...(phone ? {} : { actions: controls })}>
                  <List.Item.Meta
                    avatar={<PersonAvatar uid={user.uid} name={user.displayName} hasPhoto={Boolean(user.photoPath)} />}
                    title={
                      <Flex gap={8} align="center" wrap>
                        <Link to={`/desk/people/${user.uid}`} dir="auto">
                          {user.displayName}
                        </Link>
                        {user.deactivated && (
                          <Tag>
                            <FormattedMessage id="admin.people.deactivated" defaultMessage="Deactivated" />
                          </Tag>
                        )}
                      </Flex>
                    }
                    description={
                      <FormattedMessage
                        id="admin.people.emailAndJoined"
                        defaultMessage="{email} · joined {date}"
                        values={{ email: <span dir="auto">{user.email}</span>, date: dateTime(user.createdAt) }}
                      />
                    }
                  />
                  {phone && (
                    <Flex wrap gap={8} style={{ marginTop: 8 }}>
                      {controls}
                    </Flex>
                  )}
                </List.Item>
              );
            }}
          />
        </section>
      )}
      <Flex gap={8} justify="end" align="center">
        <Typography.Text type="secondary" data-testid="people-page">
          <FormattedMessage
            id="admin.people.page"
            defaultMessage="Page {page}"
            values={{ page: state.cursors.length + 1 }}
          />
        </Typography.Text>
        <Button
          disabled={state.cursors.length === 0}
          onClick={() => setState((current) => ({ ...current, cursors: current.cursors.slice(0, -1) }))}
        >
          <FormattedMessage id="admin.people.previous" defaultMessage="Previous" />
        </Button>
        <Button
          disabled={!data?.nextCursor || isFetching}
          onClick={() => {
            const next = data?.nextCursor;
            if (next) setState((current) => ({ ...current, cursors: [...current.cursors, next] }));
          }}
        >
          <FormattedMessage id="admin.people.next" defaultMessage="Next" />
        </Button>
      </Flex>
    </Flex>
  );
}

/** The organisations' section, its own chunk: the admin chunk keeps its budget (the people list draws first). */
const OrganisationsSection = lazy(() =>
  import(/* webpackChunkName: "admin-organisations" */ '@/features/admin/components/organisations').then((module) => ({
    default: module.OrganisationsSection,
  })),
);

/** The admin screen. */
export default function AdminScreen() {
  return (
    <Flex vertical gap="middle">
      <Card
        title={
          <PageTitle>
            <FormattedMessage id="admin.people.title" defaultMessage="People" />
          </PageTitle>
        }
      >
        <PeopleList />
      </Card>
      <Card
        title={
          <SectionTitle>
            <FormattedMessage id="admin.invitations.title" defaultMessage="Invitations" />
          </SectionTitle>
        }
      >
        <InvitationsSection />
      </Card>
      <Card
        title={
          <SectionTitle>
            <FormattedMessage id="admin.organisations.title" defaultMessage="Organisations" />
          </SectionTitle>
        }
      >
        <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 2 }} />}>
          <OrganisationsSection />
        </Suspense>
      </Card>
      <DeskRules />
    </Flex>
  );
}
