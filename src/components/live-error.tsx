/** A failed live subscription, shown as a themed alert with the friendly message. */
import Alert from 'antd/es/alert';
import type { ErrorShape } from '@/domain/errors/errors';
import { FormattedMessage } from 'react-intl';
import { useFriendlyMessage } from '@/lib/i18n/labels';

/**
 * Shows why live data could not be loaded.
 * @param what what could not be loaded, already in the reader's language ("the queue").
 */
export function LiveError({ error, what }: { error: ErrorShape; what: string }) {
  const friendly = useFriendlyMessage();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={<FormattedMessage id="app.liveError" defaultMessage="Could not load {what}" values={{ what }} />}
      description={friendly(error)}
    />
  );
}
