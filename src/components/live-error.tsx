/** A failed live subscription, shown as a themed alert with the friendly message. */
import Alert from 'antd/es/alert';
import type { ErrorShape } from '@/domain/errors/errors';
import { friendlyMessage } from '@/lib/error-messages';

/** Shows why live data could not be loaded. */
export function LiveError({ error, what }: { error: ErrorShape; what: string }) {
  return (
    <Alert type="error" showIcon role="alert" message={`Could not load ${what}`} description={friendlyMessage(error)} />
  );
}
