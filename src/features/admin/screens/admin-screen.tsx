/**
 * Admin home (`/admin`): the people of the desk and their roles — only an admin changes a role
 * (DESIGN §1), never their own — and how the desk works (assign on reply, DESIGN §2).
 * Categories, SLA targets and the other desk settings come later.
 */
import { PageTitle } from '@/components/page-title';
import App from 'antd/es/app';
import Card from 'antd/es/card';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Flex from 'antd/es/flex';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import List from 'antd/es/list';
import { useCurrentUser } from '@/lib/session/current-user';
import { LiveError } from '@/components/live-error';
import { ROLE_LABELS, ROLES, type Role } from '@/domain/roles';
import type { UserProfile } from '@/domain/types';
import { useSetRoleMutation } from '@/features/admin/api/users-api';
import { useWatchPeopleQuery } from '@/lib/store/people-api';
import { useSaveDeskSettingsMutation, useWatchDeskSettingsQuery } from '@/lib/store/desk-settings-api';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';
import { formatDateTime } from '@/lib/time';

/** "a customer", "an agent", "an admin". */
function withArticle(role: Role): string {
  const name = ROLE_LABELS[role].toLowerCase();
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}

/** What a person of each role can see and do (DESIGN §1), said before the change. */
const ROLE_REACH: Record<Role, string> = {
  customer:
    'Customers see only their own requests and the public replies on them. They lose the desk, internal notes and everyone else’s tickets.',
  agent:
    'Agents see every ticket and every requester, internal notes included, and can reply, assign and change any ticket.',
  admin: 'Admins can do everything agents do, and change anyone’s role but their own.',
};

/** How the desk works: the switches an admin may turn (DESIGN §2 `assignsOnReply`). */
function DeskRules() {
  const { data } = useWatchDeskSettingsQuery();
  const [save, { isLoading }] = useSaveDeskSettingsMutation();
  const runWithFeedback = useMutationFeedback();
  const settings = data?.value;
  const { token } = theme.useToken();

  const setAssignOnReply = (assignOnReply: boolean) => {
    if (!settings) return;
    void runWithFeedback(
      save({ ...settings, assignOnReply }),
      assignOnReply
        ? 'A new, unassigned ticket now goes to the agent who first replies to it.'
        : 'Replying no longer assigns a ticket; new tickets stay unassigned until someone takes them.',
    );
  };

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
          How the desk works
        </Typography.Title>
      }
    >
      {data?.error ? (
        <LiveError error={data.error} what="desk settings" />
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
              <Typography.Text strong>Assign a new ticket to the agent who first replies</Typography.Text>
            </label>
            <Typography.Paragraph id="assign-on-reply-help" type="secondary" style={{ margin: 0 }}>
              A public reply always opens a New ticket, so the customer no longer reads “waiting on you”. With this on,
              it also makes the agent who wrote it the assignee when nobody is.
            </Typography.Paragraph>
          </div>
        </Flex>
      )}
    </Card>
  );
}

/** The admin screen. */
export default function AdminScreen() {
  const me = useCurrentUser();
  const { data } = useWatchPeopleQuery();
  const [setRole, { isLoading }] = useSetRoleMutation();
  const runWithFeedback = useMutationFeedback();

  const { modal } = App.useApp();

  /** Asks first, naming the person and what the new role sees (a role opens or closes the desk). */
  const changeRole = (user: UserProfile, role: Role) =>
    modal.confirm({
      title: `Make ${user.displayName} ${withArticle(role)}?`,
      content: ROLE_REACH[role],
      okText: `Make ${withArticle(role)}`,
      cancelText: 'Cancel',
      onOk: () =>
        void runWithFeedback(setRole({ uid: user.uid, role }), `${user.displayName} is now ${withArticle(role)}.`),
    });

  return (
    <Flex vertical gap="middle">
      <Card title={<PageTitle>People</PageTitle>}>
        {data?.error ? (
          <LiveError error={data.error} what="people" />
        ) : (
          <List<UserProfile>
            aria-label="People"
            loading={!data?.value}
            dataSource={data?.value ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            renderItem={(user) => (
              <List.Item
                key={user.uid}
                actions={[
                  <Select<Role>
                    key="role"
                    aria-label={`Role of ${user.displayName}`}
                    value={user.role}
                    disabled={isLoading || user.uid === me?.uid}
                    style={{ width: 130 }}
                    options={ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))}
                    onChange={(next) => changeRole(user, next)}
                  />,
                ]}
              >
                <List.Item.Meta
                  title={user.displayName}
                  description={
                    <>
                      {user.email} · joined {formatDateTime(user.createdAt)}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Card>
      <DeskRules />
    </Flex>
  );
}
