/**
 * The queue's column chooser (DESIGN §3 "Custom fields"): which of the table's optional columns
 * show, and which custom fields customers see get a column of their own (at most
 * `MAX_FIELD_COLUMNS`). The choice lives in the address (`cols=`), so a saved view keeps its own
 * columns and a shared link shows the same table.
 */
import { useId, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Dropdown from 'antd/es/dropdown';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { localized, type CustomFieldDefinition } from '@/domain/custom-fields';
import type { Locale } from '@/domain/locales';
import { MAX_FIELD_COLUMNS, QUEUE_COLUMNS, type QueueColumn } from '@/features/tickets/queue/queue-location';
import { QUEUE_COLUMN_TITLES } from '@/features/tickets/queue/components/queue-table';

const TEXT = defineMessages({
  button: { id: 'queue.columns.button', defaultMessage: 'Columns' },
  shown: { id: 'queue.columns.shown', defaultMessage: 'Columns shown' },
  fields: { id: 'queue.columns.fields', defaultMessage: 'Fields' },
  fieldLimit: {
    id: 'queue.columns.fieldLimit',
    defaultMessage: 'At most {max} field columns: clear one to choose another.',
  },
  reset: { id: 'queue.columns.reset', defaultMessage: 'Default columns' },
  saveHint: { id: 'queue.columns.saveHint', defaultMessage: 'Save the view to keep these columns with it.' },
});

/** Props of {@link QueueColumnChooser}. */
export interface QueueColumnChooserProps {
  /** The columns chosen; absent: the default ones (every built-in column, no field). */
  columns: readonly QueueColumn[] | undefined;
  /** The desk's custom fields (only active ones customers see are offered, and those chosen). */
  fields: readonly CustomFieldDefinition[];
  /** The next choice; `undefined` for the default columns. */
  onChange: (columns: QueueColumn[] | undefined) => void;
}

/** A "Columns" button opening a list of checkboxes, one per optional column. */
export function QueueColumnChooser({ columns, fields, onChange }: QueueColumnChooserProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const id = useId();
  const [open, setOpen] = useState(false);
  const { token } = theme.useToken();
  const chosen: readonly QueueColumn[] = columns ?? QUEUE_COLUMNS;
  const fieldColumns = chosen.filter((column) => column.startsWith('field:'));
  const offered = fields.filter(
    (field) => field.visibleTo === 'customers' && (!field.archived || chosen.includes(`field:${field.key}`)),
  );
  const full = fieldColumns.length >= MAX_FIELD_COLUMNS;
  const toggle = (column: QueueColumn, on: boolean) => {
    const rest = chosen.filter((each) => each !== column);
    const next = on ? [...rest, column] : rest;
    // Built-in columns keep their own order; field columns the order they were chosen in.
    onChange([
      ...QUEUE_COLUMNS.filter((each) => next.includes(each)),
      ...next.filter((each) => each.startsWith('field:')),
    ]);
  };
  const box = (column: QueueColumn, label: string, disabled = false) => (
    <label key={column} style={{ display: 'flex', gap: 8, alignItems: 'center', cursor: 'pointer' }}>
      <input
        type="checkbox"
        checked={chosen.includes(column)}
        disabled={disabled}
        onChange={(event) => toggle(column, event.target.checked)}
      />
      <span dir="auto">{label}</span>
    </label>
  );
  const content = (
    <Flex
      vertical
      gap={8}
      role="dialog"
      aria-label={t(TEXT.button)}
      style={{
        minWidth: 200,
        maxWidth: 280,
        padding: 12,
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
      }}
    >
      <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
        <legend style={{ fontWeight: 600, marginBottom: 4 }}>{t(TEXT.shown)}</legend>
        <Flex vertical gap={4}>
          {QUEUE_COLUMNS.map((column) => box(column, t(QUEUE_COLUMN_TITLES[column])))}
        </Flex>
      </fieldset>
      {offered.length > 0 && (
        <fieldset style={{ border: 0, margin: 0, padding: 0 }} aria-describedby={full ? `${id}-limit` : undefined}>
          <legend style={{ fontWeight: 600, marginBottom: 4 }}>{t(TEXT.fields)}</legend>
          <Flex vertical gap={4}>
            {offered.map((field) => {
              const column: QueueColumn = `field:${field.key}`;
              return box(column, localized(field.label, intl.locale as Locale), full && !chosen.includes(column));
            })}
          </Flex>
          {full && (
            <Typography.Text type="secondary" id={`${id}-limit`}>
              {t(TEXT.fieldLimit, { max: MAX_FIELD_COLUMNS })}
            </Typography.Text>
          )}
        </fieldset>
      )}
      <Typography.Text type="secondary">{t(TEXT.saveHint)}</Typography.Text>
      <Button size="small" disabled={columns === undefined} onClick={() => onChange(undefined)}>
        {t(TEXT.reset)}
      </Button>
    </Flex>
  );
  return (
    // antd's Dropdown (already in the queue's chunk) as a plain popup: the content is a form, not a menu.
    <Dropdown
      popupRender={() => content}
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
    >
      <Button size="small" aria-expanded={open} aria-haspopup="dialog">
        {t(TEXT.button)}
      </Button>
    </Dropdown>
  );
}
