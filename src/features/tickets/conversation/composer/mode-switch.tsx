/**
 * The staff composer's switch between a public reply and an internal note (DESIGN §3): two
 * buttons acting as a radio group (arrow keys move between them), so both people and tests
 * reach each choice directly — antd's Segmented and Radio hide their inputs at zero size.
 */
import { useRef, type KeyboardEvent } from 'react';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import theme from 'antd/es/theme';
import LockOutlined from '@ant-design/icons/LockOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * @param internal true when the internal note is chosen.
 * @param onChange called with the new choice.
 */
export function ComposerModeSwitch({
  internal,
  onChange,
}: {
  internal: boolean;
  onChange: (internal: boolean) => void;
}) {
  const { token } = theme.useToken();
  const intl = useIntl();
  const group = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
    event.preventDefault();
    const next = !internal;
    onChange(next);
    group.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next ? 1 : 0]?.focus();
  }

  return (
    <div
      ref={group}
      role="radiogroup"
      aria-label={intl.formatMessage({ id: 'conversation.modeSwitch.label', defaultMessage: 'Message type' })}
      onKeyDown={onKeyDown}
    >
      <Space.Compact>
        <Button
          role="radio"
          aria-checked={!internal}
          tabIndex={internal ? -1 : 0}
          type={internal ? 'default' : 'primary'}
          icon={<MessageOutlined aria-hidden />}
          onClick={() => onChange(false)}
        >
          <FormattedMessage id="conversation.modeSwitch.publicReply" defaultMessage="Public reply" />
        </Button>
        <Button
          role="radio"
          aria-checked={internal}
          tabIndex={internal ? 0 : -1}
          icon={<LockOutlined aria-hidden />}
          onClick={() => onChange(true)}
          style={
            internal
              ? // Dark text: white on the warning amber is below AA contrast (DESIGN §8).
                { background: token.colorWarning, borderColor: token.colorWarning, color: 'rgba(0, 0, 0, 0.88)' }
              : undefined
          }
        >
          <FormattedMessage id="conversation.modeSwitch.internalNote" defaultMessage="Internal note" />
        </Button>
      </Space.Compact>
    </div>
  );
}
