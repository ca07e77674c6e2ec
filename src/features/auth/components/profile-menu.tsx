/** The header's profile menu: who is signed in, their role, and sign-out. */
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import App from 'antd/es/app';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import { useAppDispatch } from '@/lib/store/store-hooks';
import { ROLE_LABELS } from '@/domain/roles';
import type { UserProfile } from '@/domain/types';
import { signOut } from '@/features/auth/slice/auth-slice';
import { friendlyMessage } from '@/lib/error-messages';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** Shows the person's avatar and name; the dropdown offers sign-out. */
export function ProfileMenu({ user }: { user: UserProfile }) {
  const dispatch = useAppDispatch();
  const { message } = App.useApp();

  const handleSignOut = async () => {
    const result = await dispatch(signOut());
    if (signOut.rejected.match(result) && result.payload) message.error(friendlyMessage(result.payload));
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'who',
            disabled: true,
            label: (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{user.displayName}</Typography.Text>
                <Typography.Text type="secondary">{user.email}</Typography.Text>
              </Space>
            ),
          },
          { type: 'divider' },
          { key: 'sign-out', icon: <LogoutOutlined />, label: 'Sign out', onClick: () => void handleSignOut() },
        ],
      }}
    >
      <Button
        type="text"
        aria-label={`Account menu for ${user.displayName}`}
        style={{ height: 'auto', paddingBlock: 4 }}
      >
        <Space>
          <Avatar style={{ backgroundColor: '#2f54eb' }}>{initials(user.displayName)}</Avatar>
          <span className="triage-header-name">{user.displayName}</span>
          <Tag color={user.role === 'customer' ? 'default' : 'blue'}>{ROLE_LABELS[user.role]}</Tag>
        </Space>
      </Button>
    </Dropdown>
  );
}
