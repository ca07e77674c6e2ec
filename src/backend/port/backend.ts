/**
 * The whole `Backend` port (DESIGN §5): everything the app asks of its data, one member per port
 * of `src/backend/port/`, with two adapters — `firebase/` (Cloud Firestore, Firebase Auth, Cloud
 * Storage) and `local/` (IndexedDB). Every value crossing it is plain serializable data; every
 * failure is an `AppError` (or a FirebaseError) with a `code`. Every list has a `watch…` that
 * returns an unsubscribe.
 */
import type { AuthPort } from '@/backend/port/auth';
import type { UsersPort } from '@/backend/port/users';
import type { MailPort } from '@/backend/port/mail';
import type { TicketsPort } from '@/backend/port/tickets';
import type { FilesPort } from '@/backend/port/files';
import type { MessagesPort } from '@/backend/port/messages';
import type { SettingsPort } from '@/backend/port/settings';
import type { PresencePort } from '@/backend/port/presence';
import type { ReportsPort } from '@/backend/port/reports';

/** The whole port. */
export interface Backend {
  readonly kind: 'local' | 'firebase';
  readonly auth: AuthPort;
  readonly users: UsersPort;
  readonly tickets: TicketsPort;
  readonly messages: MessagesPort;
  readonly files: FilesPort;
  readonly settings: SettingsPort;
  readonly presence: PresencePort;
  readonly mail: MailPort;
  readonly reports: ReportsPort;
}
