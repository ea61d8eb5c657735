import { buildOpenApiDocument } from './openapi';
import type { OpenApiOperation } from './openapi';
import { ROUTES } from './routes';

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument({ title: 'Nivesh API', version: '1.2.3', serverUrl: 'https://nivesh.example' });
  const operationFor = (method: string, path: string): OpenApiOperation | undefined =>
    doc.paths[path]?.[method.toLowerCase() as 'get' | 'post'];

  it('is OpenAPI 3.1 with the given title, version and server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toEqual({ title: 'Nivesh API', version: '1.2.3' });
    expect(doc.servers).toEqual([{ url: 'https://nivesh.example' }]);
    expect(buildOpenApiDocument({ title: 't', version: 'v' }).servers).toBeUndefined();
  });

  it('survives a JSON round trip unchanged', () => {
    const text = JSON.stringify(doc);
    expect(JSON.parse(text)).toEqual(doc);
  });

  it('documents every route once, named after it', () => {
    for (const [name, route] of Object.entries(ROUTES)) {
      const operation = operationFor(route.method, route.path);
      expect([name, operation?.operationId]).toEqual([name, name]);
      expect(operation?.tags).toEqual([route.tag]);
      expect(operation?.summary).toBe(route.summary);
    }
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(Object.keys(ROUTES).length + 3);
  });

  it('documents the probes and metrics', () => {
    expect(operationFor('GET', '/healthz')?.responses['200']).toBeDefined();
    expect(operationFor('GET', '/readyz')?.responses['503']).toBeDefined();
    expect(Object.keys(operationFor('GET', '/metrics')?.responses['200']?.content ?? {})[0]).toMatch(/^text\/plain/);
  });

  it('asks for a bearer token where the route needs or uses one', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(operationFor('GET', '/me')?.security).toEqual([{ bearer: [] }]);
    expect(operationFor('POST', '/predict')?.security).toEqual([{ bearer: [] }, {}]);
    expect(operationFor('POST', '/login-verify-otp')?.security).toEqual([]);
  });

  it('describes POST bodies as JSON with the spec field names', () => {
    const body = operationFor('POST', '/register-request-otp')?.requestBody;
    expect(body?.required).toBe(true);
    const schema = body?.content['application/json']?.schema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(['username', 'email', 'password']);
    expect(schema.required).toEqual(['username', 'email', 'password']);
    expect(operationFor('POST', '/chat/technical/start')?.requestBody?.required).toBe(false);
  });

  it('describes GET inputs as query parameters', () => {
    const days = operationFor('GET', '/api/analytics/dashboard/overview')?.parameters?.find((p) => p.name === 'days');
    expect(days).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 365, default: 7 } });
    const status = operationFor('GET', '/api/premium/status')?.parameters?.map((p) => [p.name, p.required]);
    expect(status).toEqual([
      ['device_fingerprint', true],
      ['ip_address', false],
    ]);
    const ping = operationFor('GET', '/api/system/ping')?.parameters?.[0];
    expect(ping?.schema).toMatchObject({ enum: ['auth', 'premium', 'chat', 'prediction', 'tracking', 'market', 'portfolio', 'content'], default: 'tracking' });
  });

  it('uses the success status of the route and the {detail} body for errors', () => {
    const track = operationFor('POST', '/api/visitor/track');
    expect(Object.keys(track?.responses ?? {})).toContain('202');
    expect(track?.responses['200']).toBeUndefined();
    const overview = operationFor('GET', '/api/analytics/dashboard/overview');
    expect(Object.keys(overview?.responses ?? {})).toEqual(['200', '400', '401', '403', '429', '500', '501', '503', '504']);
    expect(overview?.responses['403']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    expect(doc.components.schemas.ErrorBody).toMatchObject({ required: ['detail'] });
    expect(operationFor('POST', '/chat/sentiment/start')?.responses['401']).toBeUndefined();
  });

  it('documents client timeouts and rate limits as extensions', () => {
    expect(operationFor('POST', '/login-request-otp')?.['x-client-timeout-ms']).toBe(60_000);
    expect(operationFor('POST', '/login-request-otp')?.['x-rate-limit-per-minute']).toBe(ROUTES.loginRequestOtp.rateLimitPerMinute);
  });
});
