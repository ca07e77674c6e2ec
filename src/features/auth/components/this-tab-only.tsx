/**
 * "Only in this tab" on the sign-in and sign-up forms of the local backend. Like Firebase, the
 * local backend signs the whole browser in (every tab, a Ctrl+click on a ticket included); ticked,
 * the sign-in stays in this tab, so a second person can work in another tab on the same local
 * desk (a private window would open a different one). Firebase builds never show it.
 */
import { FormattedMessage } from 'react-intl';
import theme from 'antd/es/theme';

/** Whether this build's backend can keep a sign-in to one tab (`AuthCapabilities.tabSessions`). */
export const TAB_SESSIONS = process.env.BACKEND !== 'firebase';

/**
 * The checkbox (a native one: the sign-in form is on the first paint's budget), or nothing on
 * a backend without tab sessions.
 * @param checked whether the sign-in is kept to this tab.
 * @param onChange called with the new value.
 */
export function ThisTabOnly({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const { token } = theme.useToken();
  if (!TAB_SESSIONS) return null;
  return (
    <div style={{ marginBottom: 16 }}>
      <label style={{ display: 'flex', gap: 8, alignItems: 'flex-start', color: token.colorText }}>
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby="this-tab-only-help"
          onChange={(event) => onChange(event.target.checked)}
          style={{ marginTop: 4, accentColor: token.colorPrimary }}
        />
        <FormattedMessage id="auth.thisTabOnly.label" defaultMessage="Only in this tab" />
      </label>
      <div
        id="this-tab-only-help"
        style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, marginInlineStart: 21 }}
      >
        <FormattedMessage
          id="auth.thisTabOnly.help"
          defaultMessage="Other tabs of this browser keep their own person — to try a customer and an agent side by side."
        />
      </div>
    </div>
  );
}
