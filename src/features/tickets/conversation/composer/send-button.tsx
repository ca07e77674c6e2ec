/**
 * The composer's send control: a primary "Send" (or "Send reply"), and for staff a menu of
 * "Send and set <status>" for every lifecycle event they may fire after it (DESIGN §2), as
 * Zendesk's "Submit as …".
 */
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Space from 'antd/es/space';
import DownOutlined from '@ant-design/icons/DownOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import { useIntl, type IntlShape } from 'react-intl';
import { ruleFor, type LifecycleEvent } from '@/domain/lifecycle';
import { labelsFor } from '@/lib/i18n/labels';

/** "Send and set pending" for `await_customer`: named by the status the ticket moves to. */
export function sendAndSetLabel(intl: IntlShape, event: LifecycleEvent): string {
  const status = labelsFor(intl).status(ruleFor(event).to).toLocaleLowerCase(intl.locale);
  return intl.formatMessage(
    { id: 'conversation.sendButton.sendAndSet', defaultMessage: 'Send and set {status}' },
    { status },
  );
}

/**
 * @param label the main button's text ("Send" or "Send reply").
 * @param events the events offered after sending (none: a single button).
 * @param onSend sends, then fires `event` when one was chosen.
 */
export function ComposerSendButton({
  label,
  events,
  disabled,
  loading,
  onSend,
}: {
  label: string;
  events: LifecycleEvent[];
  disabled: boolean;
  loading: boolean;
  onSend: (event?: LifecycleEvent) => void;
}) {
  const intl = useIntl();
  const main = (
    <Button
      type="primary"
      icon={<SendOutlined aria-hidden />}
      disabled={disabled}
      loading={loading}
      onClick={() => onSend()}
    >
      {label}
    </Button>
  );
  if (events.length === 0) return main;
  return (
    <Space.Compact>
      {main}
      <Dropdown
        disabled={disabled || loading}
        trigger={['click']}
        // Opened from the keyboard, the menu takes focus so the arrow keys and Enter work in it.
        autoFocus
        menu={{
          items: events.map((event) => ({ key: event, label: sendAndSetLabel(intl, event) })),
          onClick: ({ key }) => {
            const event = events.find((candidate) => candidate === key);
            if (event) onSend(event);
          },
        }}
      >
        <Button
          type="primary"
          icon={<DownOutlined aria-hidden />}
          disabled={disabled || loading}
          aria-label={intl.formatMessage({ id: 'conversation.sendButton.more', defaultMessage: 'More ways to send' })}
        />
      </Dropdown>
    </Space.Compact>
  );
}
