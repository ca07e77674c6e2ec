/**
 * The offline check both adapters make before a write. A transaction needs the server: while
 * the browser is offline a write fails at once (rather than after the SDK's retries), and the
 * app queues it in its outbox. The local adapter behaves the same, standing in for a server
 * reached over the network; reads keep working, like Firestore's cache.
 */
import { refusals } from '@/domain/errors/refusals';

/**
 * @throws AppError `unavailable` (`refusals.offline`) while `navigator.onLine` is false.
 */
export function assertOnline(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw refusals.offline();
}
