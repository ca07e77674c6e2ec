/** How many tickets carry a category (DESIGN §10): a live count, one per category row. */
import { FormattedMessage } from 'react-intl';
import Typography from 'antd/es/typography';
import { useWatchCategoryCountQuery } from '@/features/admin/api/settings-api';

/** What shows when the count cannot be had (a dash, in every language). */
const UNCOUNTED = '–';

/** "12 tickets" for a stored category name; nothing while counting, "–" when it cannot be counted. */
export function CategoryCount({ category }: { category: string }) {
  const { data } = useWatchCategoryCountQuery(category);
  if (data?.error) return <Typography.Text type="secondary">{UNCOUNTED}</Typography.Text>;
  if (data?.value === undefined || data.value === null) return null;
  return (
    <Typography.Text type="secondary" data-testid="category-count">
      <FormattedMessage
        id="admin.settings.categoryCount"
        defaultMessage="{count, plural, =0 {no tickets} one {# ticket} other {# tickets}}"
        values={{ count: data.value }}
      />
    </Typography.Text>
  );
}
