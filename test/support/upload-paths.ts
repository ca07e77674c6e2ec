/**
 * Paths an upload quota must never list (DESIGN §4 "Uploads are bounded"): not an attachment's
 * `tickets/{ticketId}/{messageId}/{fileName}` — an avatar, a folder, an id outside the client
 * alphabet, a file name over 200 characters, a nested path. The planner's and the rules' tests
 * both refuse each.
 */
export const NOT_ATTACHMENT_PATHS: readonly string[] = [
  'avatars/u1/avatar',
  'tickets/t1/m1',
  'tickets/t 1/m1/a.pdf',
  `tickets/t1/m1/${'x'.repeat(201)}`,
  'tickets/t1/m1/a/b.pdf',
];
