/**
 * Every size limit of DESIGN §3, in one place. Forms, both backend adapters and the
 * security rules follow these numbers.
 */
export const LIMITS = {
  subject: { min: 3, max: 150 },
  body: { min: 1, max: 10_000 },
  tags: { maxCount: 10, maxLength: 30, pattern: /^[a-z0-9-]+$/ },
  attachments: { maxCount: 5, maxBytes: 10 * 1024 * 1024 },
  displayName: { min: 1, max: 80 },
  password: { min: 8 },
} as const;

/**
 * Content types an attachment may have (DESIGN §3): images, PDF, plain text, CSV, ZIP and
 * Office documents. `image/*` is matched by prefix, except SVG (it can carry script).
 */
export const ALLOWED_ATTACHMENT_TYPES: readonly string[] = [
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/x-zip-compressed',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
];

/**
 * Whether a file's content type is one DESIGN §3 allows.
 * @param contentType MIME type as reported by the browser, e.g. `image/png`.
 */
export function isAllowedAttachmentType(contentType: string): boolean {
  const type = contentType.toLowerCase();
  // SVG is an image that can carry script, so it is refused like HTML.
  if (type === 'image/svg+xml') return false;
  return type.startsWith('image/') || ALLOWED_ATTACHMENT_TYPES.includes(type);
}
