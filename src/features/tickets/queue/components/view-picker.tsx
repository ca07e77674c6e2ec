/** The queue's built-in views (Unassigned, Mine, All open …) as one segmented control, each with its live count. */
import { memo } from 'react';
import { useIntl } from 'react-intl';
import Segmented from 'antd/es/segmented';
import theme from 'antd/es/theme';
import { QUEUE_VIEWS, type QueueView, type QueueViewId } from '@/domain/queue-views';
import { useWatchTicketCountQuery } from '@/features/tickets/api/queue-api';
import { useLabels } from '@/lib/i18n/labels';
import { useMinuteClock } from '@/lib/use-minute-clock';

/** A view's live number of tickets, as a small pill; empty while loading, "–" when it cannot be counted. */
function ViewCount({ view, agentUid }: { view: QueueView; agentUid: string }) {
  const { token } = theme.useToken();
  // The SLA views' window moves with the clock: counted again each minute (DESIGN §10).
  const now = useMinuteClock();
  const { data } = useWatchTicketCountQuery(view.filter(agentUid, now));
  const count = data?.error ? '–' : data?.value;
  return (
    <span
      data-testid={`queue-count-${view.id}`}
      style={{
        display: 'inline-block',
        minWidth: 20,
        marginInlineStart: 6,
        paddingInline: 5,
        borderRadius: 10,
        lineHeight: '20px',
        fontSize: token.fontSizeSM,
        textAlign: 'center',
        fontVariantNumeric: 'tabular-nums',
        color: token.colorTextSecondary,
        background: token.colorFillSecondary,
        visibility: count === undefined || count === null ? 'hidden' : 'visible',
      }}
    >
      {count ?? 0}
    </span>
  );
}

/**
 * From a laptop up, the strip wraps instead of scrolling (every view on screen); on a phone it
 * scrolls sideways on one line, so the first ticket stays in view.
 */
const VIEW_STRIP_CSS = `.triage-view-strip { overflow-x: auto; padding-bottom: 2px; }
@media (min-width: 768px) { .triage-view-strip { overflow-x: visible; }
  .triage-view-strip .ant-segmented { max-width: 100%; } .triage-view-strip .ant-segmented-group { flex-wrap: wrap; } }`;

/**
 * Picks a queue view. `agentUid` is the signed-in agent (the "Mine" view's filter); every
 * view's count is live (the backend's `watchCount`). `value` is the view shown as current, or
 * `null` when the filter bar has made the list something no view is (a search, a status
 * outside the view): then none is highlighted.
 */
export const QueueViewPicker = memo(function QueueViewPicker({
  value,
  agentUid,
  onChange,
}: {
  value: QueueViewId | null;
  agentUid: string;
  onChange: (view: QueueViewId) => void;
}) {
  const intl = useIntl();
  const labels = useLabels();
  return (
    // Every view stays on screen: the strip wraps onto a second line where the language's labels
    // need it, rather than scrolling views out of sight (on a phone it scrolls: VIEW_STRIP_CSS).
    <div className="triage-view-strip">
      <style>{VIEW_STRIP_CSS}</style>
      <Segmented<QueueViewId>
        aria-label={intl.formatMessage({ id: 'queue.viewPicker.label', defaultMessage: 'Queue views' })}
        name="queue-view"
        value={value ?? undefined}
        onChange={onChange}
        options={QUEUE_VIEWS.map((view) => ({
          value: view.id,
          label: (
            <span style={{ whiteSpace: 'nowrap' }}>
              {labels.view(view.id)}
              <ViewCount view={view} agentUid={agentUid} />
            </span>
          ),
        }))}
      />
    </div>
  );
});
