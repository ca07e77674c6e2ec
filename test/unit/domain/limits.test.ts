/**
 * The numbers of DESIGN §3, written out here by hand so a changed limit is a deliberate act.
 */
import { isAllowedAttachmentType, LIMITS } from '@/domain/limits';

describe('LIMITS', () => {
  it('holds the limits of DESIGN §3', () => {
    expect(LIMITS.subject).toEqual({ min: 3, max: 150 });
    expect(LIMITS.body).toEqual({ min: 1, max: 10_000 });
    expect(LIMITS.tags.maxCount).toBe(10);
    expect(LIMITS.tags.maxLength).toBe(30);
    expect(LIMITS.attachments).toEqual({ maxCount: 5, maxBytes: 10 * 1024 * 1024 });
    expect(LIMITS.displayName).toEqual({ min: 1, max: 80 });
    expect(LIMITS.password).toEqual({ min: 8 });
  });

  it('lets tags be lowercase letters, digits and hyphens only', () => {
    expect(LIMITS.tags.pattern.test('sla-breach-2')).toBe(true);
    expect(LIMITS.tags.pattern.test('SLA')).toBe(false);
    expect(LIMITS.tags.pattern.test('a b')).toBe(false);
    expect(LIMITS.tags.pattern.test('')).toBe(false);
  });
});

describe('isAllowedAttachmentType', () => {
  it.each([
    ['an image', 'image/png'],
    ['a JPEG', 'image/jpeg'],
    ['a PDF', 'application/pdf'],
    ['plain text', 'text/plain'],
    ['a CSV', 'text/csv'],
    ['a ZIP', 'application/zip'],
    ['a ZIP as Windows reports it', 'application/x-zip-compressed'],
    ['a Word document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['an old Word document', 'application/msword'],
    ['an Excel workbook', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['a PowerPoint deck', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ])('allows %s (%s)', (_, contentType) => {
    expect(isAllowedAttachmentType(contentType)).toBe(true);
  });

  it('ignores the case of the content type', () => {
    expect(isAllowedAttachmentType('Application/PDF')).toBe(true);
    expect(isAllowedAttachmentType('IMAGE/PNG')).toBe(true);
  });

  it.each([
    ['a Windows executable', 'application/x-msdownload'],
    ['an HTML page', 'text/html'],
    ['a script', 'application/javascript'],
    ['an unknown binary', 'application/octet-stream'],
    ['no type at all', ''],
  ])('refuses %s (%s)', (_, contentType) => {
    expect(isAllowedAttachmentType(contentType)).toBe(false);
  });
});
