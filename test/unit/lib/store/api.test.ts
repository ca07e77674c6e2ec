import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { backendBaseQuery } from '@/lib/store/api';
import { AppError } from '@/domain/errors/errors';
import { fakeBackend } from '../../../support/fake-backend';

const apiWith = (extra: unknown) => ({ extra }) as BaseQueryApi;

describe('backendBaseQuery (DESIGN §5: failures cross as { code, message })', () => {
  const { backend } = fakeBackend();

  it('runs the call with the backend from the extra argument and returns its data', async () => {
    const result = await backendBaseQuery(async (b) => b.kind, apiWith(backend), {});
    expect(result).toEqual({ data: 'local' });
  });

  it('answers { data: null } for a write that resolves with nothing (RTK refuses { data: undefined })', async () => {
    const result = await backendBaseQuery(async () => undefined, apiWith(backend), {});
    expect(result).toEqual({ data: null });
  });

  it('turns an AppError into a plain serializable { code, message }', async () => {
    const result = await backendBaseQuery(
      async () => {
        throw new AppError('permission-denied', 'Customers cannot read internal notes.');
      },
      apiWith(backend),
      {},
    );
    expect(result).toEqual({ error: { code: 'permission-denied', message: 'Customers cannot read internal notes.' } });
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('keeps a Firebase-style error code', async () => {
    const firebaseLike = Object.assign(new Error('Missing or insufficient permissions.'), {
      code: 'permission-denied',
    });
    const result = await backendBaseQuery(() => Promise.reject(firebaseLike), apiWith(backend), {});
    expect(result.error).toEqual({ code: 'permission-denied', message: 'Missing or insufficient permissions.' });
  });

  it('turns anything else thrown into code "unknown" and never throws itself', async () => {
    const result = await backendBaseQuery(() => Promise.reject('boom'), apiWith(backend), {});
    expect(result.error).toEqual({ code: 'unknown', message: 'boom' });
  });
});
