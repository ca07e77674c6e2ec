/**
 * The header's profile menu: who is signed in, their role, their account page, sign-out and, on
 * the local backend, "Sign in someone else in this tab" (two people side by side in one browser).
 */
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import App from 'antd/es/app';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useNavigate } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch } from '@/lib/store/store-hooks';
import type { UserProfile } from '@/domain/types';
import { setAvailability, signOut, signOutThisTab } from '@/features/auth/slice/auth-slice';
import { isStaff } from '@/domain/roles';
import { TAB_SESSIONS } from '@/features/auth/components/this-tab-only';
import { useFriendlyMessage, useLabels } from '@/lib/i18n/labels';
import { PersonAvatar } from '@/components/person-avatar';

/** Shows the person's avatar and name; the dropdown offers sign-out. */
export function ProfileMenu({ user }: { user: UserProfile }) {
  const dispatch = useAppDispatch();
  const { message } = App.useApp();
  const labels = useLabels();
  const friendlyMessage = useFriendlyMessage();
  const navigate = useNavigate();

  const handleAvailability = async () => {
    const result = await dispatch(setAvailability(!user.available));
    if (setAvailability.rejected.match(result) && result.payload) message.error(friendlyMessage(result.payload));
  };

  const handleSignOut = async (thisTab: boolean) => {
    const action = thisTab ? signOutThisTab : signOut;
    const result = await dispatch(action());
    if (action.rejected.match(result) && result.payload) message.error(friendlyMessage(result.payload));
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
                <Typography.Text strong dir="auto">
                  {user.displayName}
                </Typography.Text>
                <Typography.Text type="secondary" dir="auto">
                  {user.email}
                </Typography.Text>
              </Space>
            ),
          },
          { type: 'divider' },
          // Round-robin rules give new tickets only to agents who say they take them (DESIGN §10 "Triggers").
          ...(isStaff(user.role)
            ? [
                {
                  key: 'availability',
                  // The state, then what a click does: "Available · Stop taking new tickets (round-robin)".
                  label: (
                    <FormattedMessage
                      id="auth.profileMenu.availability"
                      defaultMessage="{state} · {action}"
                      values={{
                        state: (
                          <strong>
                            {user.available ? (
                              <FormattedMessage id="auth.profileMenu.available" defaultMessage="Available" />
                            ) : (
                              <FormattedMessage id="auth.profileMenu.away" defaultMessage="Away" />
                            )}
                          </strong>
                        ),
                        action: user.available ? (
                          <FormattedMessage
                            id="auth.profileMenu.stopTaking"
                            defaultMessage="Stop taking new tickets (round-robin)"
                          />
                        ) : (
                          <FormattedMessage
                            id="auth.profileMenu.startTaking"
                            defaultMessage="Take new tickets (round-robin)"
                          />
                        ),
                      }}
                    />
                  ),
                  onClick: () => void handleAvailability(),
                },
              ]
            : []),
          {
            key: 'account',
            icon: <UserOutlined />,
            label: <FormattedMessage id="auth.profileMenu.account" defaultMessage="Your account" />,
            onClick: () => void navigate('/account'),
          },
          // The browser's person stays signed in in its other tabs; this one shows the sign-in page.
          ...(TAB_SESSIONS
            ? [
                {
                  key: 'someone-else',
                  // No icon of its own: the frame's budget (an icon is ~0.5 KiB); the sign-out icon sits below.
                  label: (
                    <FormattedMessage
                      id="auth.profileMenu.someoneElse"
                      defaultMessage="Sign in someone else in this tab"
                    />
                  ),
                  onClick: () => void handleSignOut(true),
                },
              ]
            : []),
          {
            key: 'sign-out',
            icon: <LogoutOutlined />,
            label: <FormattedMessage id="auth.profileMenu.signOut" defaultMessage="Sign out" />,
            onClick: () => void handleSignOut(false),
          },
        ],
      }}
    >
      {/* Named by what it shows (WCAG 2.5.3, label in name): the name, the role and, for screen
          readers only, what the button opens. */}
      <Button type="text" style={{ height: 'auto', paddingBlock: 4 }}>
        <Space>
          <PersonAvatar uid={user.uid} name={user.displayName} hasPhoto={Boolean(user.photoPath)} />
          <span className="triage-header-name" dir="auto">
            {user.displayName}
          </span>
          <Tag color={user.role === 'customer' ? 'default' : 'blue'}>{labels.role(user.role)}</Tag>
        </Space>
        <span className="triage-screen-reader-only">
          <FormattedMessage id="auth.profileMenu.label" defaultMessage="account menu" />
        </span>
      </Button>
    </Dropdown>
  );
}
