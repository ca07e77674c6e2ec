/**
 * Offers a file to the browser as a download, through a temporary link (the account's data export,
 * a report's CSV).
 * @param blob the file's bytes and type.
 * @param fileName the name the browser suggests.
 */
export function downloadFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
