/**
 * A file size for people: "812 B", "4.2 KB", "3.1 MB" (1 KB = 1024 bytes, as DESIGN §3's
 * 10 MB limit counts).
 * @param bytes the size in bytes.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
