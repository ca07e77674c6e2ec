/**
 * One group of a trigger's conditions — "all of these" or "any of these" (DESIGN §10 "Triggers") —
 * as rows of what it tests, the test and the value, the value's control fitting what is tested:
 * a list of statuses, priorities, the desk's categories, its agents, its organisations, who made the change, a
 * field's options or yes/no, a date for a date field, text otherwise. Native selects (the
 * style's light pickers), reachable and operable by keyboard.
 */
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { NativeSelect, type NativeSelectOption } from '@/components/native-select';
import { localized, type CustomFieldDefinition } from '@/domain/custom-fields';
import type { Locale } from '@/domain/locales';
import {
  CHANGE_AUTHORS,
  CONDITION_OPERATORS,
  isHoursProperty,
  propertyKind,
  takesValue,
  type ConditionOperator,
  type ConditionProperty,
} from '@/domain/triggers';
import { PRIORITIES, TICKET_STATUSES, type UserProfile } from '@/domain/types';
import {
  conditionOn,
  firstValueOf,
  operatorsOf,
  type ConditionDraft,
} from '@/features/admin/automations/trigger-draft';
import type { TriggerWords } from '@/components/trigger-words';
import type { Organisation } from '@/domain/organisations';
import { usePersonName } from '@/lib/i18n/person-name';

const TEXT = defineMessages({
  property: { id: 'automations.conditions.property', defaultMessage: 'Condition {n, number}: what it tests' },
  operator: { id: 'automations.conditions.operator', defaultMessage: 'Condition {n, number}: test' },
  value: { id: 'automations.conditions.value', defaultMessage: 'Condition {n, number}: value' },
  remove: { id: 'automations.conditions.remove', defaultMessage: 'Remove condition {n, number}' },
  add: { id: 'automations.conditions.add', defaultMessage: 'Add a condition' },
  yes: { id: 'automations.conditions.yes', defaultMessage: 'Yes (checked)' },
  no: { id: 'automations.conditions.no', defaultMessage: 'No (not checked)' },
  none: { id: 'automations.conditions.none', defaultMessage: 'None yet.' },
  hours: { id: 'automations.conditions.hours', defaultMessage: 'hours' },
});

/** The properties a condition may test, in the list's order (`field` stands for each field). */
const PROPERTIES = (Object.keys(CONDITION_OPERATORS) as (keyof typeof CONDITION_OPERATORS)[]).filter(
  (kind) => kind !== 'field',
);

/** What {@link ConditionList} takes. */
export interface ConditionListProps {
  /** The group's heading ("All of these conditions must hold"). */
  legend: ReactNode;
  /** A short help line under the heading. */
  help: ReactNode;
  /** A prefix for the controls' ids (unique in the page). */
  idBase: string;
  conditions: ConditionDraft[];
  onChange(conditions: ConditionDraft[]): void;
  /** Whether another condition may be added (the trigger's limit). */
  mayAdd: boolean;
  categories: readonly string[];
  staff: readonly Pick<UserProfile, 'uid' | 'displayName' | 'deactivated'>[];
  /** The desk's organisations, by name (DESIGN §1 "Organisations"). */
  organisations: readonly Pick<Organisation, 'id' | 'name'>[];
  /** The desk's field definitions (archived ones are offered only where already chosen). */
  fields: readonly CustomFieldDefinition[];
  words: TriggerWords;
  /**
   * Whether the trigger is a time rule: it offers the hours conditions and none of a change
   * ("changed", who made it); other triggers the reverse.
   */
  timeRule: boolean;
}

/** One group of conditions (see the file's comment). */
export function ConditionList({
  legend,
  help,
  idBase,
  conditions,
  onChange,
  mayAdd,
  categories,
  staff,
  organisations,
  fields,
  words,
  timeRule,
}: ConditionListProps) {
  const intl = useIntl();
  const personName = usePersonName();
  const { token } = theme.useToken();
  const locale = intl.locale as Locale;
  const setAt = (index: number, next: ConditionDraft) =>
    onChange(conditions.map((condition, at) => (at === index ? next : condition)));

  const offered = (kind: string) => (kind === 'updatedBy' ? !timeRule : isHoursProperty(kind) ? timeRule : true);
  const propertyOptions = (chosen: string): NativeSelectOption[] => [
    ...PROPERTIES.filter((kind) => offered(kind) || kind === chosen).map((kind) => ({
      value: kind,
      label: words.property(kind),
    })),
    ...fields
      .filter((field) => !field.archived || `field:${field.key}` === chosen)
      .map((field) => ({ value: `field:${field.key}`, label: words.property(`field:${field.key}`) })),
  ];

  /** The value's control, fitting what the condition tests. */
  const valueControl = (condition: ConditionDraft, index: number, id: string, label: string) => {
    const set = (value: string) => setAt(index, { ...condition, value });
    const select = (options: NativeSelectOption[]) => {
      // A value no longer offered (a category renamed, an agent gone) stays, as the rule holds it.
      const known = options.some((option) => option.value === condition.value);
      const all = known
        ? options
        : [...options, { value: condition.value, label: words.value(condition.property, condition.value) }];
      return <NativeSelect id={id} aria-label={label} value={condition.value} options={all} onChange={set} />;
    };
    const named = (values: readonly string[]) =>
      values.map((value) => ({ value, label: words.value(condition.property, value) }));
    switch (propertyKind(condition.property)) {
      case 'status':
        return select(named(TICKET_STATUSES));
      case 'priority':
        return select(named(PRIORITIES));
      case 'updatedBy':
        return select(named(CHANGE_AUTHORS));
      case 'category':
        return select(named(['', ...categories]));
      case 'assignee':
        return select([
          { value: '', label: words.value('assignee', '') },
          ...staff.map((person) => ({ value: person.uid, label: personName(person) })),
        ]);
      case 'organisation':
        return select([
          { value: '', label: words.value('organisation', '') },
          ...organisations.map((organisation) => ({ value: organisation.id, label: organisation.name })),
        ]);
      case 'field': {
        const field = fields.find((candidate) => `field:${candidate.key}` === condition.property);
        if (field?.type === 'checkbox') {
          return select([
            { value: 'true', label: intl.formatMessage(TEXT.yes) },
            { value: 'false', label: intl.formatMessage(TEXT.no) },
          ]);
        }
        if (field?.type === 'dropdown' || field?.type === 'multiselect') {
          return select(
            (field.options ?? [])
              .filter((option) => !option.archived || option.id === condition.value)
              .map((option) => ({ value: option.id, label: localized(option.label, locale) })),
          );
        }
        return (
          <Input
            id={id}
            aria-label={label}
            type={field?.type === 'date' ? 'date' : 'text'}
            dir="auto"
            value={condition.value}
            onChange={(event) => set(event.target.value)}
          />
        );
      }
      default:
        return (
          <Input
            id={id}
            aria-label={label}
            dir="auto"
            value={condition.value}
            onChange={(event) => set(event.target.value)}
            {...(isHoursProperty(condition.property) && {
              inputMode: 'numeric' as const,
              suffix: intl.formatMessage(TEXT.hours),
            })}
          />
        );
    }
  };

  return (
    <fieldset
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: 12,
        margin: 0,
        minWidth: 0,
      }}
    >
      <legend style={{ paddingInline: 4, width: 'auto', marginBottom: 0, fontSize: 'inherit', border: 0 }}>
        <Typography.Text strong>{legend}</Typography.Text>
      </legend>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {help}
      </Typography.Paragraph>
      <Flex vertical gap={8}>
        {conditions.length === 0 && <Typography.Text type="secondary">{intl.formatMessage(TEXT.none)}</Typography.Text>}
        {conditions.map((condition, index) => {
          const n = index + 1;
          const id = `${idBase}-${index}`;
          const valueLabel = intl.formatMessage(TEXT.value, { n });
          return (
            <Flex
              key={index}
              wrap
              gap={8}
              align="center"
              data-condition={`${idBase}-${n}`}
              style={{ paddingBlockEnd: 8, borderBlockEnd: `1px dashed ${token.colorBorderSecondary}` }}
            >
              <div style={{ flex: '1 1 150px', minWidth: 0 }}>
                <NativeSelect
                  aria-label={intl.formatMessage(TEXT.property, { n })}
                  value={condition.property}
                  options={propertyOptions(condition.property)}
                  onChange={(property) => setAt(index, conditionOn(property as ConditionProperty, fields))}
                />
              </div>
              <div style={{ flex: '1 1 130px', minWidth: 0 }}>
                <NativeSelect
                  aria-label={intl.formatMessage(TEXT.operator, { n })}
                  value={condition.operator}
                  options={operatorsOf(condition.property)
                    .filter(
                      (operator) => !timeRule || !operator.startsWith('changed') || operator === condition.operator,
                    )
                    .map((operator) => ({
                      value: operator,
                      label: words.operator(operator),
                    }))}
                  onChange={(operator) => {
                    const next = operator as ConditionOperator;
                    setAt(index, {
                      ...condition,
                      operator: next,
                      value: takesValue(next) ? condition.value || firstValueOf(condition.property, fields) : '',
                    });
                  }}
                />
              </div>
              <div style={{ flex: '2 1 170px', minWidth: 0 }}>
                {takesValue(condition.operator) && valueControl(condition, index, `${id}-value`, valueLabel)}
              </div>
              <Button
                icon={<DeleteOutlined />}
                aria-label={intl.formatMessage(TEXT.remove, { n })}
                onClick={() => onChange(conditions.filter((_, at) => at !== index))}
              />
            </Flex>
          );
        })}
        <div>
          <Button
            icon={<PlusOutlined />}
            disabled={!mayAdd}
            onClick={() =>
              // A time rule's first condition is the hours one it needs.
              onChange([
                ...conditions,
                conditionOn(timeRule && conditions.length === 0 ? 'hoursSinceUpdated' : 'subject', fields),
              ])
            }
          >
            {intl.formatMessage(TEXT.add)}
          </Button>
        </div>
      </Flex>
    </fieldset>
  );
}
