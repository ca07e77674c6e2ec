/**
 * The fields of an HTML form post as a webhook sends it: `application/x-www-form-urlencoded`
 * (parsed by the Functions framework already) or `multipart/form-data` (parsed here with busboy
 * from the raw body; file parts are skipped — inbound attachments are not taken, DESIGN §9).
 */
import busboy from 'busboy';

/** The request fields this module reads (Cloud Functions' `Request`). */
export interface FormRequest {
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
  rawBody?: Buffer;
}

/**
 * The text fields of a form post, the last value of a repeated name winning.
 * @throws Error for a multipart body busboy cannot read.
 */
export function formFields(request: FormRequest): Promise<Record<string, string>> {
  const type = String(request.headers['content-type'] ?? '');
  if (!type.startsWith('multipart/form-data')) {
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    const fields = Object.fromEntries(
      Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    return Promise.resolve(fields);
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const parser = busboy({ headers: { 'content-type': type }, limits: { fieldSize: 1024 * 1024 } });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, stream) => stream.resume());
    parser.on('close', () => resolve(fields));
    parser.on('error', reject);
    parser.end(request.rawBody ?? Buffer.alloc(0));
  });
}
