/** Who changed the desk settings and what (DESIGN §10 `settingsHistory`), newest first, live. */
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import { SectionTitle } from '@/components/page-title';
import { LiveError } from '@/components/live-error';
import type { SettingsPart } from '@/domain/settings-history';
import { useWatchSettingsHistoryQuery } from '@/features/admin/api/settings-api';
import { useLabels } from '@/lib/i18n/labels';
import { useTimeFormat } from '@/lib/i18n/use-time-format';

const TEXT = defineMessages({
  title: { id: 'admin.settings.history', defaultMessage: 'Changes' },
  what: { id: 'admin.settings.history.what', defaultMessage: 'the changes' },
  none: { id: 'admin.settings.history.none', defaultMessage: 'No changes yet.' },
  deskName: { id: 'admin.settings.part.deskName', defaultMessage: 'desk name' },
  categories: { id: 'admin.settings.part.categories', defaultMessage: 'categories' },
  archivedCategories: { id: 'admin.settings.part.archivedCategories', defaultMessage: 'archived categories' },
  closeAfterDays: { id: 'admin.settings.part.closeAfterDays', defaultMessage: 'automatic close' },
  businessHours: { id: 'admin.settings.part.businessHours', defaultMessage: 'business hours' },
  assignOnReply: { id: 'admin.settings.part.assignOnReply', defaultMessage: 'assign on reply' },
  sla: { id: 'admin.settings.part.sla', defaultMessage: 'SLA for {priority}' },
});

/** The last changes of the desk settings, as "Ada Admin changed business hours, SLA for High · 2 minutes ago". */
export function SettingsHistory() {
  const intl = useIntl();
  const labels = useLabels();
  const time = useTimeFormat();
  const { data } = useWatchSettingsHistoryQuery();
  const partText = (part: SettingsPart) =>
    part.startsWith('sla.')
      ? intl.formatMessage(TEXT.sla, { priority: labels.priority(part.slice(4) as 'low') })
      : intl.formatMessage(TEXT[part as Exclude<SettingsPart, `sla.${string}`>]);
  let body;
  if (data?.error) body = <LiveError error={data.error} what={intl.formatMessage(TEXT.what)} />;
  else if (!data?.value) body = null;
  else if (data.value.length === 0)
    body = <Typography.Text type="secondary">{intl.formatMessage(TEXT.none)}</Typography.Text>;
  else
    body = (
      <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="settings-history">
        {data.value.map((change) => (
          <li key={change.id}>
            <FormattedMessage
              id="admin.settings.history.entry"
              defaultMessage="{actor} changed {parts}"
              values={{
                actor: change.actorName,
                parts: intl.formatList(change.parts.map(partText), { type: 'conjunction' }),
              }}
            />
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              <time dateTime={change.at}>{time.fromNow(change.at)}</time>
            </Typography.Text>
          </li>
        ))}
      </ul>
    );
  return <Card title={<SectionTitle>{intl.formatMessage(TEXT.title)}</SectionTitle>}>{body}</Card>;
}
