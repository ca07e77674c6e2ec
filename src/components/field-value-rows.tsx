/**
 * The custom field values an editor sets (a macro's or a trigger's actions, DESIGN §3 "Macros",
 * §10 "Triggers"): one row per field — its label, its control, and a button that stops setting
 * it. Rows whose field is no longer among `fields` (archived since) are not drawn. The caller
 * draws the heading and the control that adds a field.
 */
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { CustomFieldControl, type FieldDraft } from '@/components/custom-field-control';
import { localized, type CustomFieldDefinition } from '@/domain/custom-fields';
import type { Locale } from '@/domain/locales';

/** One field an editor sets, as typed. */
export interface FieldValueRow {
  key: string;
  draft: FieldDraft;
}

/** What {@link FieldValueRows} takes. */
export interface FieldValueRowsProps {
  /** Prefix of each control's id (`{idBase}-field-{key}`). */
  idBase: string;
  rows: readonly FieldValueRow[];
  /** The desk's active field definitions. */
  fields: readonly CustomFieldDefinition[];
  locale: Locale;
  /** The rows after a change (a value typed, a row removed). */
  onChange(rows: FieldValueRow[]): void;
  /** The remove button's accessible name for a field's label ("Stop setting Plan"). */
  removeLabel(label: string): string;
}

/** The rows of field values (see the file's comment). */
export function FieldValueRows({ idBase, rows, fields, locale, onChange, removeLabel }: FieldValueRowsProps) {
  return (
    <>
      {rows.map((row, index) => {
        const field = fields.find((candidate) => candidate.key === row.key);
        if (!field) return null;
        const label = localized(field.label, locale);
        return (
          <Flex key={row.key} gap={8} align="center" wrap>
            <label htmlFor={`${idBase}-field-${row.key}`} style={{ flex: '0 1 160px' }}>
              {label}
            </label>
            <div style={{ flex: '1 1 180px', minWidth: 0 }}>
              <CustomFieldControl
                field={field}
                id={`${idBase}-field-${row.key}`}
                draft={row.draft}
                onChange={(value) =>
                  onChange(rows.map((other, at) => (at === index ? { ...other, draft: value } : other)))
                }
              />
            </div>
            <Button
              icon={<DeleteOutlined />}
              aria-label={removeLabel(label)}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            />
          </Flex>
        );
      })}
    </>
  );
}
