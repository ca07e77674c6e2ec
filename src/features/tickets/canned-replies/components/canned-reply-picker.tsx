/**
 * "Canned reply" in the agent's composer: search the desk's shared canned replies and
 * insert one with its placeholders filled for this ticket ({{requester.name}}, {{ticket.number}},
 * {{agent.name}}…). Unknown placeholders stay as written and are pointed out.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Popover from 'antd/es/popover';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import ThunderboltOutlined from '@ant-design/icons/ThunderboltOutlined';
import { FormattedMessage, useIntl } from 'react-intl';
import { fillPlaceholders, findCannedReplies, type PlaceholderContext } from '@/domain/canned-replies';
import type { CannedReply } from '@/domain/types';
import { useDirection } from '@/lib/i18n/direction';

/** What the picker inserts: the filled text, and the placeholders it could not fill. */
export interface InsertedReply {
  text: string;
  unknown: string[];
}

export interface CannedReplyPickerProps {
  replies: readonly CannedReply[];
  context: PlaceholderContext;
  /** Called with the filled text of the chosen reply. */
  onInsert(reply: InsertedReply): void;
  disabled?: boolean;
}

/** A button that opens a searchable list of canned replies. */
export function CannedReplyPicker({ replies, context, onInsert, disabled }: CannedReplyPickerProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const { token } = theme.useToken();
  const intl = useIntl();
  // Opens over the button's start edge: its left, or its right in right-to-left languages.
  const placement = useDirection() === 'rtl' ? 'topRight' : 'topLeft';
  const searchLabel = intl.formatMessage({
    id: 'cannedReplies.picker.search',
    defaultMessage: 'Search canned replies',
  });
  const found = findCannedReplies(replies, search);

  const choose = (reply: CannedReply) => {
    onInsert(fillPlaceholders(reply.body, context));
    setOpen(false);
    setSearch('');
  };

  const content = (
    <div style={{ width: 360 }}>
      <Input.Search
        aria-label={searchLabel}
        placeholder={searchLabel}
        autoFocus
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          const first = found[0];
          if (event.key === 'Enter' && first) {
            event.preventDefault();
            choose(first);
          }
        }}
      />
      {replies.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          <FormattedMessage
            id="cannedReplies.picker.none"
            defaultMessage="No canned replies yet. <link>Write the first one</link>."
            values={{ link: (chunks) => <Link to="/canned-replies">{chunks}</Link> }}
          />
        </Typography.Paragraph>
      ) : found.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          <FormattedMessage
            id="cannedReplies.picker.noMatch"
            defaultMessage="No canned reply matches “{search}”."
            values={{ search }}
          />
        </Typography.Paragraph>
      ) : (
        <ul
          aria-label={intl.formatMessage({ id: 'cannedReplies.picker.list', defaultMessage: 'Canned replies' })}
          style={{ listStyle: 'none', margin: '8px 0 0', padding: 0, maxHeight: 300, overflowY: 'auto' }}
        >
          {found.map((reply) => (
            <li key={reply.id}>
              <button
                type="button"
                onClick={() => choose(reply)}
                style={{
                  display: 'block',
                  width: '100%',
                  textAlign: 'start',
                  padding: '8px 10px',
                  border: 0,
                  borderRadius: token.borderRadius,
                  background: 'transparent',
                  color: token.colorText,
                  cursor: 'pointer',
                  font: 'inherit',
                }}
                onMouseEnter={(event) => (event.currentTarget.style.background = token.colorFillTertiary)}
                onMouseLeave={(event) => (event.currentTarget.style.background = 'transparent')}
              >
                <strong dir="auto">{reply.title}</strong>
                <span
                  dir="auto"
                  style={{
                    display: 'block',
                    color: token.colorTextSecondary,
                    whiteSpace: 'nowrap',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  }}
                >
                  {reply.body}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement={placement} destroyOnHidden>
      <Button icon={<ThunderboltOutlined />} disabled={disabled}>
        <FormattedMessage id="cannedReplies.picker.button" defaultMessage="Canned reply" />
      </Button>
    </Popover>
  );
}
