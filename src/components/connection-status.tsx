/**
 * The browser's connection, shown in the header: nothing while online, a red
 * "Offline" while the browser says it has no network, so nobody wonders why nothing arrives.
 */
import { useSyncExternalStore } from 'react';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import { FormattedMessage } from 'react-intl';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** `navigator.onLine`, live; `true` where the browser cannot tell. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** "Offline" with an explanation while there is no network; nothing otherwise. */
export function ConnectionStatus() {
  const online = useOnline();
  const { token } = theme.useToken();
  if (online) return null;
  return (
    <Tooltip
      title={
        <FormattedMessage
          id="app.offline.explained"
          defaultMessage="This browser has no network. What is on screen stays readable; new changes from others arrive when the connection is back."
        />
      }
    >
      <Typography.Text role="status" strong style={{ color: token.colorErrorText }}>
        <span
          aria-hidden
          style={{
            display: 'inline-block',
            width: 8,
            height: 8,
            borderRadius: 4,
            marginInlineEnd: 6,
            background: token.colorError,
          }}
        />
        <FormattedMessage id="app.offline" defaultMessage="Offline" />
      </Typography.Text>
    </Tooltip>
  );
}
