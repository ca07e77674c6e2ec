/**
 * Desk settings (`/admin/settings`, admins; DESIGN §10): the desk's name, categories (add,
 * rename, archive — each with how many tickets use it), the automatic close, business hours
 * (IANA time zone, weekly schedule, holidays) and the SLA policy per priority, and who changed
 * what. Checked with the domain's schema before saving: each problem shows at its field in
 * the reader's language, and nothing typed is lost.
 */
import { useEffect, useMemo, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router-dom';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { PageTitle, SectionTitle } from '@/components/page-title';
import { LiveError } from '@/components/live-error';
import { deskSettingsSchema } from '@/domain/settings-schema';
import { PRIORITIES, WEEKDAYS, type DeskSettings, type Weekday } from '@/domain/types';
import {
  fieldOfIssue,
  formValuesOf,
  settingsOfForm,
  type SettingsFormValues,
} from '@/features/admin/components/settings-form-model';
import { CategoryCount } from '@/features/admin/components/category-count';
import { SettingsHistory } from '@/features/admin/components/settings-history';
import { useSaveDeskSettingsMutation, useWatchDeskSettingsQuery } from '@/lib/store/desk-settings-api';
import { outcomeOf } from '@/lib/store/mutation-outcome';
import { useFriendlyMessage, useLabels } from '@/lib/i18n/labels';

const TEXT = defineMessages({
  title: { id: 'admin.settings.title', defaultMessage: 'Desk settings' },
  what: { id: 'admin.settings.what', defaultMessage: 'the desk settings' },
  general: { id: 'admin.settings.general', defaultMessage: 'Desk' },
  deskName: { id: 'admin.settings.deskName', defaultMessage: 'Desk name' },
  categories: { id: 'admin.settings.categories', defaultMessage: 'Categories' },
  categoryName: { id: 'admin.settings.categoryName', defaultMessage: 'Category name' },
  archived: { id: 'admin.settings.archived', defaultMessage: 'Archived' },
  archivedHelp: {
    id: 'admin.settings.archivedHelp',
    defaultMessage: 'Archived categories stay on the tickets that have them but cannot be chosen for new ones.',
  },
  addCategory: { id: 'admin.settings.addCategory', defaultMessage: 'Add a category' },
  removeCategory: { id: 'admin.settings.removeCategory', defaultMessage: 'Remove' },
  businessHours: { id: 'admin.settings.businessHours', defaultMessage: 'Business hours' },
  timeZone: { id: 'admin.settings.timeZone', defaultMessage: 'Time zone' },
  opensOn: { id: 'admin.settings.opensOn', defaultMessage: '{day}: opens' },
  closesOn: { id: 'admin.settings.closesOn', defaultMessage: '{day}: closes' },
  holidays: { id: 'admin.settings.holidays', defaultMessage: 'Holidays (YYYY-MM-DD)' },
  holidaysHelp: {
    id: 'admin.settings.holidaysHelp',
    defaultMessage: 'Type a date and press Enter. The desk is closed all day on each.',
  },
  sla: { id: 'admin.settings.sla', defaultMessage: 'SLA policy' },
  slaHelp: {
    id: 'admin.settings.slaHelp',
    defaultMessage: 'Targets in minutes. Next reply and resolution pause while a ticket is pending or on hold.',
  },
  firstReply: { id: 'admin.settings.firstReply', defaultMessage: 'First reply (min)' },
  nextReply: { id: 'admin.settings.nextReply', defaultMessage: 'Next reply (min)' },
  resolution: { id: 'admin.settings.resolution', defaultMessage: 'Resolution (min)' },
  hours: { id: 'admin.settings.hours', defaultMessage: 'Counted in' },
  businessHoursOption: { id: 'admin.settings.hours.business', defaultMessage: 'Business hours' },
  calendarHoursOption: { id: 'admin.settings.hours.calendar', defaultMessage: 'Calendar hours' },
  save: { id: 'admin.settings.save', defaultMessage: 'Save settings' },
  saved: { id: 'admin.settings.saved', defaultMessage: 'Desk settings saved.' },
  fix: { id: 'admin.settings.fix', defaultMessage: 'Some settings need a fix: see the marked fields.' },
  changedElsewhere: {
    id: 'admin.settings.changedElsewhere',
    defaultMessage: 'Someone saved the settings meanwhile: your changes are kept here; saving replaces theirs.',
  },
});

const DAY = defineMessages<Weekday>({
  mon: { id: 'admin.settings.day.mon', defaultMessage: 'Monday' },
  tue: { id: 'admin.settings.day.tue', defaultMessage: 'Tuesday' },
  wed: { id: 'admin.settings.day.wed', defaultMessage: 'Wednesday' },
  thu: { id: 'admin.settings.day.thu', defaultMessage: 'Thursday' },
  fri: { id: 'admin.settings.day.fri', defaultMessage: 'Friday' },
  sat: { id: 'admin.settings.day.sat', defaultMessage: 'Saturday' },
  sun: { id: 'admin.settings.day.sun', defaultMessage: 'Sunday' },
});

/** The schema's sentences (`settings-schema.ts`) in the reader's language. */
const ISSUE: Record<string, MessageDescriptor> = defineMessages({
  'The desk needs a name.': { id: 'admin.settings.issue.deskName', defaultMessage: 'The desk needs a name.' },
  'A desk name has at most 60 characters.': {
    id: 'admin.settings.issue.deskNameLong',
    defaultMessage: 'A desk name has at most 60 characters.',
  },
  'A category needs a name.': { id: 'admin.settings.issue.categoryName', defaultMessage: 'A category needs a name.' },
  'A category has at most 60 characters.': {
    id: 'admin.settings.issue.categoryLong',
    defaultMessage: 'A category has at most 60 characters.',
  },
  'Each category name once.': { id: 'admin.settings.issue.categoryTwice', defaultMessage: 'Each category name once.' },
  'At most 50 categories.': { id: 'admin.settings.issue.categoryCount', defaultMessage: 'At most 50 categories.' },
  'Close after 1 to 365 days.': {
    id: 'admin.settings.issue.closeRange',
    defaultMessage: 'Close after 1 to 365 days.',
  },
  'Close after a whole number of days.': {
    id: 'admin.settings.issue.closeWhole',
    defaultMessage: 'Close after a whole number of days.',
  },
  'Choose a time zone from the list.': {
    id: 'admin.settings.issue.timeZone',
    defaultMessage: 'Choose a time zone from the list.',
  },
  'Open the desk on at least one day of the week.': {
    id: 'admin.settings.issue.noDay',
    defaultMessage: 'Open the desk on at least one day of the week.',
  },
  'A day closes after it opens.': {
    id: 'admin.settings.issue.dayOrder',
    defaultMessage: 'A day closes after it opens.',
  },
  'A holiday is a date (YYYY-MM-DD).': {
    id: 'admin.settings.issue.holidayFormat',
    defaultMessage: 'A holiday is a date (YYYY-MM-DD).',
  },
  'A holiday is a date that exists.': {
    id: 'admin.settings.issue.holidayExists',
    defaultMessage: 'A holiday is a date that exists.',
  },
  'Each holiday once.': { id: 'admin.settings.issue.holidayTwice', defaultMessage: 'Each holiday once.' },
  'SLA targets are whole minutes.': {
    id: 'admin.settings.issue.slaWhole',
    defaultMessage: 'SLA targets are whole minutes.',
  },
  'An SLA target is 1 to 525600 minutes.': {
    id: 'admin.settings.issue.slaRange',
    defaultMessage: 'An SLA target is 1 to 525600 minutes.',
  },
});

/** The zones Intl knows, for the time-zone picker (UTC first). */
function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

function SettingsForm({ settings }: { settings: DeskSettings }) {
  const intl = useIntl();
  const labels = useLabels();
  const friendly = useFriendlyMessage();
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingsFormValues>();
  const [save, { isLoading }] = useSaveDeskSettingsMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const zones = useMemo(() => timeZones().map((zone) => ({ value: zone, label: zone })), []);
  const initial = useMemo(() => formValuesOf(settings), [settings]);
  const [touched, setTouched] = useState(false);
  const [changedElsewhere, setChangedElsewhere] = useState(false);

  // Live: a save elsewhere refreshes an untouched form; a touched one keeps what was typed and says so.
  useEffect(() => {
    if (touched) setChangedElsewhere(true);
    else form.setFieldsValue(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored settings change
  }, [initial]);

  const translate = (sentence: string) => (ISSUE[sentence] ? intl.formatMessage(ISSUE[sentence]) : sentence);

  const onFinish = async (values: SettingsFormValues) => {
    setFormError(null);
    // The last attempt's field errors go: those still true are set again below.
    form.setFields(
      form
        .getFieldsError()
        .filter((field) => field.errors.length > 0)
        .map((field) => ({ name: field.name as never, errors: [] })),
    );
    const input = settingsOfForm(values, settings);
    const parsed = deskSettingsSchema.safeParse(input);
    if (!parsed.success) {
      const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
      const general: string[] = [];
      for (const issue of parsed.error.issues) {
        const name = fieldOfIssue(issue.path);
        if (!name) general.push(translate(issue.message));
        else {
          const key = name.join('.');
          const entry = byField.get(key) ?? { name, errors: [] };
          entry.errors.push(translate(issue.message));
          byField.set(key, entry);
        }
      }
      form.setFields(
        [...byField.values()].map(({ name, errors }) => ({ name: name as never, errors: [...new Set(errors)] })),
      );
      setFormError(general.length > 0 ? general.join(' ') : intl.formatMessage(TEXT.fix));
      return;
    }
    const outcome = await outcomeOf(save(parsed.data));
    if (!outcome.ok) {
      setFormError(friendly(outcome.error));
      return;
    }
    setTouched(false);
    setChangedElsewhere(false);
    void message.success(intl.formatMessage(TEXT.saved));
  };

  return (
    <Form<SettingsFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={() => setTouched(true)}
      onFinish={(values) => void onFinish(values)}
      requiredMark={false}
    >
      <Flex vertical gap={16}>
        <Card title={<SectionTitle>{intl.formatMessage(TEXT.general)}</SectionTitle>}>
          <Form.Item name="deskName" label={intl.formatMessage(TEXT.deskName)}>
            <Input maxLength={80} autoComplete="off" />
          </Form.Item>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="auto-close-rule">
            <FormattedMessage
              id="admin.settings.autoCloseRule"
              defaultMessage="Triage closes solved tickets on its own by a time rule, “Close solved tickets after …”: change its days or switch it off in <link>Automations</link>."
              values={{ link: (chunks) => <Link to="/admin/automations">{chunks}</Link> }}
            />
          </Typography.Paragraph>
        </Card>

        <Card title={<SectionTitle>{intl.formatMessage(TEXT.categories)}</SectionTitle>}>
          <Typography.Paragraph type="secondary">{intl.formatMessage(TEXT.archivedHelp)}</Typography.Paragraph>
          <Form.List name="categories">
            {(fields, { add, remove }, { errors }) => (
              <Flex vertical gap={8}>
                {fields.map((field) => {
                  const stored = form.getFieldValue(['categories', field.name, 'storedName']) as string | undefined;
                  return (
                    <Flex key={field.key} gap={8} align="center" wrap="wrap" data-testid="category-row">
                      <Form.Item name={[field.name, 'name']} noStyle>
                        <Input
                          aria-label={intl.formatMessage(TEXT.categoryName)}
                          maxLength={80}
                          style={{ width: 240, maxWidth: '100%' }}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'archived']} valuePropName="checked" noStyle>
                        <Switch aria-label={intl.formatMessage(TEXT.archived)} />
                      </Form.Item>
                      <Typography.Text type="secondary">{intl.formatMessage(TEXT.archived)}</Typography.Text>
                      {stored ? (
                        <CategoryCount category={stored} />
                      ) : (
                        <Button size="small" onClick={() => remove(field.name)}>
                          {intl.formatMessage(TEXT.removeCategory)}
                        </Button>
                      )}
                    </Flex>
                  );
                })}
                <Form.ErrorList errors={errors} />
                <div>
                  <Button onClick={() => add({ name: '', archived: false })}>
                    {intl.formatMessage(TEXT.addCategory)}
                  </Button>
                </div>
              </Flex>
            )}
          </Form.List>
        </Card>

        <Card title={<SectionTitle>{intl.formatMessage(TEXT.businessHours)}</SectionTitle>}>
          <Form.Item name="timeZone" label={intl.formatMessage(TEXT.timeZone)}>
            <Select showSearch options={zones} style={{ maxWidth: 320 }} />
          </Form.Item>
          <Flex vertical gap={4} role="group" aria-label={intl.formatMessage(TEXT.businessHours)}>
            {WEEKDAYS.map((day) => (
              <Flex key={day} gap={8} align="baseline" wrap="wrap" data-testid={`day-${day}`}>
                <Form.Item name={['week', day, 'open']} valuePropName="checked" noStyle>
                  <Checkbox style={{ width: 130 }}>{intl.formatMessage(DAY[day])}</Checkbox>
                </Form.Item>
                <Form.Item name={['week', day, 'from']} style={{ marginBottom: 4 }}>
                  <Input
                    type="time"
                    aria-label={intl.formatMessage(TEXT.opensOn, { day: intl.formatMessage(DAY[day]) })}
                    style={{ width: 130 }}
                  />
                </Form.Item>
                <Form.Item name={['week', day, 'to']} style={{ marginBottom: 4 }}>
                  <Input
                    type="time"
                    aria-label={intl.formatMessage(TEXT.closesOn, { day: intl.formatMessage(DAY[day]) })}
                    style={{ width: 130 }}
                  />
                </Form.Item>
              </Flex>
            ))}
          </Flex>
          <Form.Item
            name="holidays"
            label={intl.formatMessage(TEXT.holidays)}
            extra={intl.formatMessage(TEXT.holidaysHelp)}
            style={{ marginTop: 16 }}
          >
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} style={{ maxWidth: 480 }} />
          </Form.Item>
        </Card>

        <Card title={<SectionTitle>{intl.formatMessage(TEXT.sla)}</SectionTitle>}>
          <Typography.Paragraph type="secondary">{intl.formatMessage(TEXT.slaHelp)}</Typography.Paragraph>
          <Flex vertical gap={12}>
            {PRIORITIES.map((priority) => (
              <fieldset
                key={priority}
                data-testid={`sla-policy-${priority}`}
                style={{ border: 0, margin: 0, padding: 0 }}
              >
                <legend style={{ fontWeight: 600, fontSize: 14, marginBottom: 4 }}>{labels.priority(priority)}</legend>
                <Flex gap={12} wrap="wrap">
                  <Form.Item name={['sla', priority, 'firstReplyMinutes']} label={intl.formatMessage(TEXT.firstReply)}>
                    <InputNumber style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={['sla', priority, 'nextReplyMinutes']} label={intl.formatMessage(TEXT.nextReply)}>
                    <InputNumber style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={['sla', priority, 'resolutionMinutes']} label={intl.formatMessage(TEXT.resolution)}>
                    <InputNumber style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={['sla', priority, 'hours']} label={intl.formatMessage(TEXT.hours)}>
                    <Select
                      style={{ width: 170 }}
                      options={[
                        { value: 'business', label: intl.formatMessage(TEXT.businessHoursOption) },
                        { value: 'calendar', label: intl.formatMessage(TEXT.calendarHoursOption) },
                      ]}
                    />
                  </Form.Item>
                </Flex>
              </fieldset>
            ))}
          </Flex>
        </Card>

        {changedElsewhere && (
          <Typography.Text type="warning" role="status">
            {intl.formatMessage(TEXT.changedElsewhere)}
          </Typography.Text>
        )}
        {formError && (
          <Typography.Text type="danger" role="alert">
            {formError}
          </Typography.Text>
        )}
        <div>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            {intl.formatMessage(TEXT.save)}
          </Button>
        </div>
        <SettingsHistory />
      </Flex>
    </Form>
  );
}

/** The `/admin/settings` screen. */
export default function DeskSettingsScreen() {
  const intl = useIntl();
  const { data } = useWatchDeskSettingsQuery();
  let body;
  if (data?.error) body = <LiveError error={data.error} what={intl.formatMessage(TEXT.what)} />;
  else if (!data?.value) body = <Skeleton active />;
  else body = <SettingsForm settings={data.value} />;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <PageTitle>
        <FormattedMessage {...TEXT.title} />
      </PageTitle>
      {body}
    </Flex>
  );
}
