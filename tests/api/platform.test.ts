import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('platform API', () => {
  it('answers liveness with the envelope', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ httpStatus: 'OK', message: expect.any(String), data: { status: 'ok' } });
  });

  it('reports ready while the database answers', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ database: 'reachable' });
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ httpStatus: 'NOT_FOUND', message: 'There is no API route GET /api/no-such-thing.' });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ httpStatus: 'BAD_REQUEST', message: 'The request body is not valid JSON.' });
  });

  it('describes its routes in an OpenAPI document', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/ready']));
    expect(document.paths['/api/health'].get.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'httpStatus',
    );
  });
});

describe('readiness when the database is gone', () => {
  it('answers 503 with the envelope', async () => {
    const lonely = await createTestApi();
    await lonely.database.close();
    const response = await lonely.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ httpStatus: 'SERVICE_UNAVAILABLE', data: { database: 'unreachable' } });
    await lonely.app.close();
  });
});
