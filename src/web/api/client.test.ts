import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from './client';

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('request errors', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [{ message: 'title is missing' }, 'title is missing'],
    [{ message: ['Source branch "x" does not exist'] }, 'Source branch "x" does not exist'],
    [{ message: { title: ['is too long'] } }, 'title is too long'],
    [
      { message: { error: 'This endpoint has been requested too many times. Try again later.' } },
      'This endpoint has been requested too many times. Try again later.',
    ],
    [{ error: 'invalid_grant' }, 'invalid_grant'],
  ])('shows %j as %j', async (body, shown) => {
    vi.stubGlobal('fetch', answer(429, body));
    const error: unknown = await request('/api/v4/markdown', { method: 'POST', body: { text: 'x' } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(shown);
  });
});
