/**
 * The per-person upload bound (DESIGN §4 "Uploads are bounded"): which path joins the quota,
 * when a window opens again, and what is refused.
 */
import { AppError } from '@/domain/errors/errors';
import { NOT_ATTACHMENT_PATHS } from '../../support/upload-paths';
import { planUploadQuota, UPLOAD_PATH_PATTERN, UPLOAD_QUOTA, type UploadQuota } from '@/domain/upload-quota';

const T0 = Date.parse('2026-11-28T10:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const pathOf = (n: number) => `tickets/t1/m${n}/file-${n}.png`;
const full = (): UploadQuota => ({
  windowStart: new Date(T0).toISOString(),
  paths: Array.from({ length: UPLOAD_QUOTA.maxPaths }, (_, n) => pathOf(n)),
});

describe('planUploadQuota', () => {
  it('opens a window with the first path, at the time given', () => {
    expect(planUploadQuota(null, pathOf(1), T0)).toEqual({
      kind: 'open',
      quota: { windowStart: '2026-11-28T10:00:00.000Z', paths: [pathOf(1)] },
    });
  });

  it('appends a new path to a window with room, keeping its start', () => {
    const quota = { windowStart: '2026-11-01T00:00:00.000Z', paths: [pathOf(1)] };
    expect(planUploadQuota(quota, pathOf(2), T0)).toEqual({
      kind: 'append',
      quota: { windowStart: '2026-11-01T00:00:00.000Z', paths: [pathOf(1), pathOf(2)] },
    });
  });

  it('needs nothing for a path already listed (a retry), even in a full window', () => {
    expect(planUploadQuota(full(), pathOf(7), T0 + HOUR)).toEqual({ kind: 'listed' });
  });

  it('refuses a new path in a full window less than a day old, saying in how many hours it opens', () => {
    const refused = (() => {
      try {
        planUploadQuota(full(), pathOf(500), T0 + 20 * HOUR + 1);
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'resource-exhausted',
      message: `You have uploaded ${UPLOAD_QUOTA.maxPaths} files within a day, the most one person may. Try again in 4 h.`,
    });
    // The last minutes before it opens still say one hour, never zero.
    expect(() => planUploadQuota(full(), pathOf(500), T0 + UPLOAD_QUOTA.windowMs - 1)).toThrow('Try again in 1 h.');
  });

  it('opens a new window once the full one is a day old', () => {
    const plan = planUploadQuota(full(), pathOf(500), T0 + UPLOAD_QUOTA.windowMs);
    expect(plan).toEqual({
      kind: 'open',
      quota: { windowStart: new Date(T0 + UPLOAD_QUOTA.windowMs).toISOString(), paths: [pathOf(500)] },
    });
  });

  it('refuses anything but an attachment path', () => {
    for (const path of NOT_ATTACHMENT_PATHS) {
      expect(() => planUploadQuota(null, path, T0)).toThrow(AppError);
      expect(UPLOAD_PATH_PATTERN.test(path)).toBe(false);
    }
  });
});
