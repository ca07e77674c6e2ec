/**
 * Cursor pagination for the queue: "Previous" and "Next" (never page numbers to jump to —
 * a cursor only knows its neighbours), the rows shown out of the view's live count, and the
 * page size.
 */
import { memo } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Segmented from 'antd/es/segmented';
import Typography from 'antd/es/typography';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { QUEUE_PAGE_SIZES } from '@/features/tickets/queue/queue-location';
import { DirectionalIcon } from '@/lib/i18n/direction';

/** "26–50 of 132"; "25 tickets of 132" when the page's position is unknown; nothing for an empty page. */
function rangeText(intl: IntlShape, page: number | null, size: number, rows: number, total: number | null): string {
  if (rows === 0) return '';
  if (page === null) {
    return total === null
      ? intl.formatMessage(
          { id: 'queue.pager.rows', defaultMessage: '{rows, plural, one {# ticket} other {# tickets}}' },
          { rows },
        )
      : intl.formatMessage(
          {
            id: 'queue.pager.rowsOfTotal',
            defaultMessage: '{rows, plural, one {# ticket} other {# tickets}} of {total}',
          },
          { rows, total },
        );
  }
  const first = (page - 1) * size + 1;
  const last = first + rows - 1;
  return total === null
    ? intl.formatMessage({ id: 'queue.pager.range', defaultMessage: '{first}–{last}' }, { first, last })
    : intl.formatMessage(
        { id: 'queue.pager.rangeOfTotal', defaultMessage: '{first}–{last} of {total}' },
        { first, last, total },
      );
}

/**
 * The pager under the queue table.
 * @param page 1-based page number, or null when the page was opened from a link (position unknown).
 * @param rows rows on this page; `total` the view's live count (null while counting).
 */
export const QueuePager = memo(function QueuePager({
  page,
  size,
  rows,
  total,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  onSizeChange,
}: {
  page: number | null;
  size: number;
  rows: number;
  total: number | null;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onSizeChange: (size: number) => void;
}) {
  const intl = useIntl();
  return (
    <Flex
      component="nav"
      aria-label={intl.formatMessage({ id: 'queue.pager.label', defaultMessage: 'Queue pages' })}
      justify="space-between"
      align="center"
      wrap
      gap={12}
    >
      <Typography.Text type="secondary" aria-live="polite" data-testid="queue-range">
        {rangeText(intl, page, size, rows, total)}
      </Typography.Text>
      <Flex align="center" gap={12} wrap>
        <Flex align="center" gap={8}>
          <Typography.Text type="secondary" id="queue-page-size-label">
            <FormattedMessage id="queue.pager.rowsPerPage" defaultMessage="Rows per page" />
          </Typography.Text>
          <Segmented<number>
            size="small"
            aria-labelledby="queue-page-size-label"
            name="queue-page-size"
            value={size}
            onChange={onSizeChange}
            options={QUEUE_PAGE_SIZES.map((value) => ({ value, label: String(value) }))}
          />
        </Flex>
        <Button
          icon={
            <DirectionalIcon>
              <LeftOutlined />
            </DirectionalIcon>
          }
          disabled={!hasPrevious}
          onClick={onPrevious}
        >
          <FormattedMessage id="queue.pager.previous" defaultMessage="Previous" />
        </Button>
        <Button
          icon={
            <DirectionalIcon>
              <RightOutlined />
            </DirectionalIcon>
          }
          iconPosition="end"
          disabled={!hasNext}
          onClick={onNext}
        >
          <FormattedMessage id="queue.pager.next" defaultMessage="Next" />
        </Button>
      </Flex>
    </Flex>
  );
});
