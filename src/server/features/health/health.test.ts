import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('health endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness, health and readiness with the database reachable', async () => {
    expect((await t.app.inject('/-/liveness')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/-/health')).body).toBe('OK');
    const readiness = await t.app.inject('/-/readiness');
    expect(readiness.statusCode).toBe(200);
    expect(readiness.json()).toMatchObject({ status: 'ok' });
  });

  it('answers unknown API paths with a 404 message', async () => {
    const response = await t.app.inject('/api/v4/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: '404 Not Found' });
  });
});
