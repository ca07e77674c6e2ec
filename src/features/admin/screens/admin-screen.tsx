/**
 * Admin home (`/admin`): the people of the desk and their roles. Only an admin changes a role
 * (DESIGN §1), never their own. Categories, canned replies and desk settings come later.
 */
import Card from 'antd/es/card';
import Select from 'antd/es/select';
import List from 'antd/es/list';
import Typography from 'antd/es/typography';
import { useCurrentUser } from '@/lib/session/current-user';
import { LiveError } from '@/components/live-error';
import { ROLE_LABELS, ROLES, type Role } from '@/domain/roles';
import type { UserProfile } from '@/domain/types';
import { useSetRoleMutation } from '@/features/admin/api/users-api';
import { useWatchPeopleQuery } from '@/lib/store/people-api';
import { useMutationFeedback } from '@/lib/store/mutation-outcome';
import { formatDateTime } from '@/lib/time';

/** The admin screen. */
export default function AdminScreen() {
  const me = useCurrentUser();
  const { data } = useWatchPeopleQuery();
  const [setRole, { isLoading }] = useSetRoleMutation();
  const runWithFeedback = useMutationFeedback();

  const changeRole = (user: UserProfile, role: Role) =>
    runWithFeedback(setRole({ uid: user.uid, role }), `${user.displayName} is now ${ROLE_LABELS[role].toLowerCase()}.`);

  return (
    <Card
      title={
        <Typography.Title level={3} style={{ margin: 0 }}>
          People
        </Typography.Title>
      }
    >
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
                  onChange={(next) => void changeRole(user, next)}
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
  );
}
