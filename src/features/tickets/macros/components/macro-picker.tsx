/**
 * "Macros" in the agent's composer: search the macros the agent may apply (shared and their own).
 * A reply-only macro (what a canned reply was) is inserted into the composer with its
 * placeholders filled for this ticket ({{requester.name}}, {{ticket.number}}, {{agent.name}}…;
 * an unknown one stays as written and is pointed out), and nothing is written until the agent
 * sends. A macro that acts opens its preview (`onChoose`): what it will change, before anything is.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Popover from 'antd/es/popover';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import ThunderboltOutlined from '@ant-design/icons/ThunderboltOutlined';
import { FormattedMessage, useIntl } from 'react-intl';
import { fillPlaceholders, type PlaceholderContext } from '@/domain/placeholders';
import { findMacros, isTextOnly, type Macro } from '@/domain/macros';
import { useDirection } from '@/lib/i18n/direction';
import { useMacroSummary } from '@/features/tickets/macros/components/macro-summary';

/** What the picker inserts: the filled text, and the placeholders it could not fill. */
export interface InsertedReply {
  text: string;
  unknown: string[];
}

export interface MacroPickerProps {
  macros: readonly Macro[];
  context: PlaceholderContext;
  /** Called with the filled text of a reply-only macro. */
  onInsert(reply: InsertedReply): void;
  /** Called with a macro that acts (its preview opens). */
  onChoose(macro: Macro): void;
  disabled?: boolean;
}

/** A button that opens a searchable list of macros. */
export function MacroPicker({ macros, context, onInsert, onChoose, disabled }: MacroPickerProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const { token } = theme.useToken();
  const intl = useIntl();
  const summary = useMacroSummary();
  // Opens over the button's start edge: its left, or its right in right-to-left languages.
  const placement = useDirection() === 'rtl' ? 'topRight' : 'topLeft';
  const searchLabel = intl.formatMessage({ id: 'macros.picker.search', defaultMessage: 'Search macros' });
  const found = findMacros(macros, search);

  const choose = (macro: Macro) => {
    if (isTextOnly(macro)) onInsert(fillPlaceholders(macro.body, context));
    else onChoose(macro);
    setOpen(false);
    setSearch('');
  };

  const content = (
    <div style={{ width: 'min(360px, calc(100vw - 48px))' }}>
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
      {macros.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          <FormattedMessage
            id="macros.picker.none"
            defaultMessage="No macros yet. <link>Write the first one</link>."
            values={{ link: (chunks) => <Link to="/macros">{chunks}</Link> }}
          />
        </Typography.Paragraph>
      ) : found.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          <FormattedMessage
            id="macros.picker.noMatch"
            defaultMessage="No macro matches “{search}”."
            values={{ search }}
          />
        </Typography.Paragraph>
      ) : (
        <ul
          aria-label={intl.formatMessage({ id: 'macros.picker.list', defaultMessage: 'Macros' })}
          style={{ listStyle: 'none', margin: '8px 0 0', padding: 0, maxHeight: 300, overflowY: 'auto' }}
        >
          {found.map((macro) => (
            <li key={macro.id}>
              <button
                type="button"
                onClick={() => choose(macro)}
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
                <strong dir="auto">{macro.title}</strong>
                {macro.ownerId !== null && (
                  <Tag style={{ marginInlineStart: 8 }}>
                    <FormattedMessage id="macros.picker.personal" defaultMessage="Personal" />
                  </Tag>
                )}
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
                  {isTextOnly(macro) ? macro.body : summary(macro)}
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
        <FormattedMessage id="macros.picker.button" defaultMessage="Macros" />
      </Button>
    </Popover>
  );
}
