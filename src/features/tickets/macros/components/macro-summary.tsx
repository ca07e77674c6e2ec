/**
 * What a macro does, in a line people read (DESIGN §3 "Macros"): "Solve · High priority · Tags
 * +refund · Product · Assign to me · Internal note" — for the macros list and the picker. The
 * exact change on a given ticket is the preview's (`macro-preview.tsx`), not this line's.
 */
import { useCallback } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { localized } from '@/domain/custom-fields';
import type { Locale } from '@/domain/locales';
import type { Macro } from '@/domain/macros';
import { useLabels } from '@/lib/i18n/labels';
import { usePersonName } from '@/lib/i18n/person-name';
import { useWatchFieldsQuery } from '@/lib/store/fields-api';
import { useWatchStaffQuery } from '@/lib/store/people-api';

const PARTS = defineMessages({
  priority: { id: 'macros.summary.priority', defaultMessage: '{priority} priority' },
  category: { id: 'macros.summary.category', defaultMessage: 'Category {category}' },
  noCategory: { id: 'macros.summary.noCategory', defaultMessage: 'No category' },
  me: { id: 'macros.summary.assignMe', defaultMessage: 'Assign to me' },
  agent: { id: 'macros.summary.assignAgent', defaultMessage: 'Assign to {name}' },
  someone: { id: 'macros.summary.someone', defaultMessage: 'an agent' },
  unassign: { id: 'macros.summary.unassign', defaultMessage: 'Unassign' },
  addTags: { id: 'macros.summary.addTags', defaultMessage: 'Tags +{tags}' },
  removeTags: { id: 'macros.summary.removeTags', defaultMessage: 'Tags −{tags}' },
  fields: { id: 'macros.summary.fields', defaultMessage: 'Sets {fields}' },
  note: { id: 'macros.summary.note', defaultMessage: 'Internal note' },
  reply: { id: 'macros.summary.reply', defaultMessage: 'Public reply' },
});

/** A function that describes a macro in one line, in the reader's language. */
export function useMacroSummary(): (macro: Pick<Macro, 'body' | 'actions'>) => string {
  const intl = useIntl();
  const labels = useLabels();
  const personName = usePersonName();
  const fields = useWatchFieldsQuery().data?.value;
  const staff = useWatchStaffQuery().data?.value;
  return useCallback(
    ({ body, actions }) => {
      const parts: string[] = [];
      const list = (items: readonly string[]) => intl.formatList(items, { type: 'unit', style: 'short' });
      if (actions.status) parts.push(labels.move(actions.status, true));
      if (actions.priority)
        parts.push(intl.formatMessage(PARTS.priority, { priority: labels.priority(actions.priority) }));
      if (actions.category !== undefined) {
        parts.push(
          actions.category
            ? intl.formatMessage(PARTS.category, { category: actions.category })
            : intl.formatMessage(PARTS.noCategory),
        );
      }
      if (actions.assignee?.kind === 'me') parts.push(intl.formatMessage(PARTS.me));
      if (actions.assignee?.kind === 'unassign') parts.push(intl.formatMessage(PARTS.unassign));
      if (actions.assignee?.kind === 'agent') {
        const uid = actions.assignee.uid;
        const person = staff?.find((candidate) => candidate.uid === uid);
        const name = person ? personName(person) : intl.formatMessage(PARTS.someone);
        parts.push(intl.formatMessage(PARTS.agent, { name }));
      }
      if ((actions.addTags ?? []).length > 0) {
        parts.push(intl.formatMessage(PARTS.addTags, { tags: list(actions.addTags ?? []) }));
      }
      if ((actions.removeTags ?? []).length > 0) {
        parts.push(intl.formatMessage(PARTS.removeTags, { tags: list(actions.removeTags ?? []) }));
      }
      const keys = Object.keys(actions.fields ?? {});
      if (keys.length > 0) {
        const names = keys.map((key) => {
          const field = fields?.find((candidate) => candidate.key === key);
          return field ? localized(field.label, intl.locale as Locale) : key;
        });
        parts.push(intl.formatMessage(PARTS.fields, { fields: list(names) }));
      }
      if ((actions.note ?? '').trim() !== '') parts.push(intl.formatMessage(PARTS.note));
      if (body.trim() !== '') parts.push(intl.formatMessage(PARTS.reply));
      return parts.join(' · ');
    },
    [intl, labels, personName, fields, staff],
  );
}
