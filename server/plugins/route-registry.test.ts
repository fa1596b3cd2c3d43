import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../lib/http-error.ts';
import { registerErrorHandling } from './errors.ts';
import { RouteRegistry } from './route-registry.ts';

let app: FastifyInstance;
let registry: RouteRegistry;

beforeAll(async () => {
  app = Fastify({ logger: false });
  registry = new RouteRegistry('/api');
  await app.register(
    async (api) => {
      registerErrorHandling(api);
      registry.add(api, {
        method: 'POST',
        url: '/things/:id',
        summary: 'Make a thing',
        tags: ['test'],
        auth: 'required',
        headers: [{ name: 'Idempotency-Key', required: true, description: 'Once per thing.', schema: z.string() }],
        statuses: ['CREATED'],
        errors: ['CONFLICT'],
        params: z.object({ id: z.uuid() }),
        query: z.object({ dryRun: z.enum(['yes', 'no']).default('no') }),
        body: z.object({ name: z.string().min(2), quantity: z.number().int().positive() }),
        response: z.object({ id: z.string(), name: z.string() }),
        handler: async ({ params, body }) => ({
          message: 'Made.',
          // `secret` is not in the response schema and must not reach the client.
          data: { id: params.id, name: body.name, secret: 'hash' } as { id: string; name: string },
        }),
      });
      registry.add(api, {
        method: 'GET',
        url: '/explode',
        summary: 'Fails',
        tags: ['test'],
        auth: 'none',
        response: z.object({}),
        handler: async () => {
          throw new Error('connection string postgres://user:pw@db/internal');
        },
      });
      registry.add(api, {
        method: 'GET',
        url: '/conflict',
        summary: 'Conflicts',
        tags: ['test'],
        auth: 'optional',
        errors: ['CONFLICT'],
        response: z.object({}),
        handler: async () => {
          throw new HttpError('CONFLICT', 'That name is taken.');
        },
      });
    },
    { prefix: '/api' },
  );
  await app.ready();
});
afterAll(() => app.close());

const id = '6f1c1f5e-8a3b-4a7e-9d7e-2f4f8e1b9c10';

describe('route registry', () => {
  it('answers valid input with the envelope and the declared status', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/things/${id}`,
      payload: { name: 'Lamp', quantity: 2, extra: true },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ httpStatus: 'CREATED', message: 'Made.', data: { id, name: 'Lamp' } });
  });

  it('lists every invalid field with its path and changes nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/things/not-a-uuid?dryRun=maybe',
      payload: { name: 'L', quantity: -1 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.httpStatus).toBe('BAD_REQUEST');
    expect(body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'body.name',
      'body.quantity',
      'params.id',
      'query.dryRun',
    ]);
  });

  it('answers a missing body with 400, not 500', async () => {
    const response = await app.inject({ method: 'POST', url: `/api/things/${id}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('body');
  });

  it('never shows internals of an unexpected failure', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('postgres://');
    expect(response.json()).toEqual({
      httpStatus: 'INTERNAL_SERVER_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    });
  });

  it('passes a deliberate error on with its status and message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ httpStatus: 'CONFLICT', message: 'That name is taken.' });
  });

  it('documents path, query and header parameters and the body in OpenAPI', () => {
    const operation = document().paths['/api/things/{id}']?.post as {
      operationId: string;
      parameters: Array<{ name: string; in: string; required: boolean }>;
      requestBody: { required: boolean };
    };
    expect(operation.operationId).toBe('postThingsById');
    expect(operation.parameters.map((parameter) => `${parameter.in}:${parameter.name}:${parameter.required}`)).toEqual([
      'path:id:true',
      'query:dryRun:false',
      'header:Idempotency-Key:true',
    ]);
    expect(operation.requestBody.required).toBe(true);
  });

  it('says of each operation whether it needs a bearer token, reads one when sent, or never looks', () => {
    const { paths, components } = document();
    expect(components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(paths['/api/things/{id}']?.post).toMatchObject({ security: [{ bearerAuth: [] }] });
    expect(paths['/api/conflict']?.get).toMatchObject({ security: [{}, { bearerAuth: [] }] });
    expect(paths['/api/explode']?.get).toMatchObject({ security: [] });
  });

  it('documents every status an operation can answer, successes with their data and errors without', () => {
    const { paths, components } = document();
    type Operation = { responses: Record<string, { content?: unknown; $ref?: string }> };
    const responses = (path: string, method: string) => ((paths[path]?.[method] ?? {}) as Operation).responses;
    const made = responses('/api/things/{id}', 'post');
    expect(Object.keys(made)).toEqual(['201', '400', '401', '404', '409', '413', '414', '415']);
    expect(JSON.stringify(made['201'])).toContain('"data"');
    expect(made['409']?.$ref).toBe('#/components/responses/Conflict');
    expect(JSON.stringify(components.responses.Conflict)).not.toContain('"data"');
    expect(JSON.stringify(components.responses.Conflict)).toContain('"const":"CONFLICT"');
    // No input, no token, no body: nothing but its answer.
    expect(Object.keys(responses('/api/explode', 'get'))).toEqual(['200']);
    expect(Object.keys(responses('/api/conflict', 'get'))).toEqual(['200', '401', '409']);
  });
});

const document = () => registry.openApiDocument({ title: 't', version: '1' });
