import { z } from 'zod';
import { ErrorBodySchema } from './errors';
import type { RouteDefinition } from './http';
import { LivenessResponseSchema, ReadinessResponseSchema } from './contracts/system';
import type { RouteName } from './routes';
import { ROUTES } from './routes';
import { DEVICE_FINGERPRINT_HEADER, PREMIUM_TOOLS } from './premium-tools';

export type JsonSchema = Record<string, unknown>;

export type OpenApiParameter = {
  name: string;
  in: 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
};

export type OpenApiResponse = {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
};

export type OpenApiOperation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Array<Record<string, string[]>>;
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, OpenApiResponse>;
  [extension: `x-${string}`]: unknown;
};

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string }>;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Partial<Record<'get' | 'post', OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
};

export type OpenApiOptions = { title: string; version: string; serverUrl?: string; description?: string };

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is malformed or fails validation.',
  401: 'Missing, invalid or expired credentials or token.',
  403: 'The session lacks the required role.',
  404: 'The thing asked for does not exist.',
  409: 'Conflicts with the current state.',
  429: 'Too many requests; retry later.',
  500: 'Unexpected error; the body carries a correlation id.',
  501: 'Not available yet.',
  503: 'The service behind this route is not running.',
  504: 'The service did not answer before the deadline.',
};

/** Errors particular to one route, beyond those its auth and forwarding imply. */
const ROUTE_ERRORS: Partial<Record<RouteName, number[]>> = {
  registerRequestOtp: [409],
  registerVerifyOtp: [409],
  loginRequestOtp: [401],
  loginVerifyOtp: [401],
  login: [401],
  getUserEmail: [404],
  resendOtp: [404],
  forgotPassword: [404],
  premiumSubscribe: [409],
  premiumCancel: [404],
  chatSentimentQuery: [404],
  chatTechnicalQuery: [404],
  predict: [404, 422],
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Registration, login with e-mailed one-time codes, sessions, password reset.',
  premium: 'Premium subscription (200 rupees a month) tied to one device.',
  chat: 'Warren AI: educational chat about market sentiment and technical analysis.',
  prediction: 'TrendVision price forecasts with calibrated bands and their back-tested accuracy against the naive forecast.',
  analytics: 'Opt-in usage analytics and the admin dashboard.',
  visitor: 'Anonymous visitor tracking (page views and heartbeats).',
  system: 'Health, readiness, metrics and RPC round-trip checks.',
};

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const errorRef: JsonSchema = { $ref: '#/components/schemas/ErrorBody' };

const hasFields = (schema: JsonSchema): boolean =>
  typeof schema.properties === 'object' && schema.properties !== null && Object.keys(schema.properties).length > 0;

const queryParameters = (input: JsonSchema): OpenApiParameter[] => {
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
};

const securityOf = (auth: RouteDefinition['auth']): Array<Record<string, string[]>> => {
  if (auth === 'none') return [];
  if (auth === 'optional') return [{ bearer: [] }, {}];
  return [{ bearer: [] }];
};

const errorStatuses = (name: RouteName, route: RouteDefinition, input: JsonSchema): number[] => {
  const statuses = new Set<number>([429, 500, ...(ROUTE_ERRORS[name] ?? [])]);
  if (route.method === 'POST' || hasFields(input)) statuses.add(400);
  if (route.auth !== 'none') statuses.add(401);
  if (route.auth === 'admin' || route.premiumTool) statuses.add(403);
  if (route.rpc) statuses.add(501);
  if (route.rpc || name === 'systemPing') {
    statuses.add(503);
    statuses.add(504);
  }
  return [...statuses].sort((a, b) => a - b);
};

const operationOf = (name: RouteName, route: RouteDefinition): OpenApiOperation => {
  const input = toJsonSchema(route.input, 'input');
  const responses: Record<string, OpenApiResponse> = {
    [String(route.status ?? 200)]: { description: 'Success.', content: json(toJsonSchema(route.response, 'output')) },
  };
  for (const status of errorStatuses(name, route, input)) {
    responses[String(status)] = { description: ERROR_DESCRIPTIONS[status] ?? 'Error.', content: json(errorRef) };
  }
  const operation: OpenApiOperation = {
    operationId: name,
    tags: [route.tag],
    summary: route.summary,
    security: securityOf(route.auth),
    responses,
  };
  const notes = [
    route.auth === 'optional' ? 'A bearer token is used when present.' : null,
    route.premiumTool
      ? `Some requests use a premium tool (${PREMIUM_TOOLS[route.premiumTool.tool].name}): they need a bearer token of a premium account and the device's fingerprint in the ${DEVICE_FINGERPRINT_HEADER} header, and are refused with 401 or 403 otherwise.`
      : null,
  ].filter((note) => note !== null);
  if (notes.length > 0) operation.description = notes.join(' ');
  if (route.premiumTool) operation['x-premium-tool'] = PREMIUM_TOOLS[route.premiumTool.tool].id;
  if (route.method === 'GET') {
    const parameters = queryParameters(input);
    if (parameters.length > 0) operation.parameters = parameters;
  } else {
    const required = Array.isArray(input.required) && input.required.length > 0;
    operation.requestBody = { required, content: json(input) };
  }
  if (route.rateLimitPerMinute !== undefined) operation['x-rate-limit-per-minute'] = route.rateLimitPerMinute;
  if (route.clientTimeoutMs !== undefined) operation['x-client-timeout-ms'] = route.clientTimeoutMs;
  return operation;
};

const probeOperations = (): OpenApiDocument['paths'] => ({
  '/healthz': {
    get: {
      operationId: 'healthz',
      tags: ['system'],
      summary: 'Liveness: the gateway process is up.',
      security: [],
      responses: { '200': { description: 'Alive.', content: json(toJsonSchema(LivenessResponseSchema, 'output')) } },
    },
  },
  '/readyz': {
    get: {
      operationId: 'readyz',
      tags: ['system'],
      summary: 'Readiness: the gateway can serve requests (its dependencies answer).',
      security: [],
      responses: {
        '200': { description: 'Ready.', content: json(toJsonSchema(ReadinessResponseSchema, 'output')) },
        '503': { description: 'Not ready.', content: json(toJsonSchema(ReadinessResponseSchema, 'output')) },
      },
    },
  },
  '/metrics': {
    get: {
      operationId: 'metrics',
      tags: ['system'],
      summary: 'Prometheus metrics in the text exposition format.',
      security: [],
      responses: {
        '200': { description: 'Metrics.', content: { 'text/plain; version=0.0.4': { schema: { type: 'string' } } } },
      },
    },
  },
});

/** The OpenAPI 3.1 description of the public HTTP API, generated from ROUTES. */
export const buildOpenApiDocument = (options: OpenApiOptions): OpenApiDocument => {
  const paths: OpenApiDocument['paths'] = probeOperations();
  const tags = new Set<string>(['system']);
  for (const [name, route] of Object.entries(ROUTES) as Array<[RouteName, RouteDefinition]>) {
    const method = route.method === 'GET' ? 'get' : 'post';
    paths[route.path] = { ...paths[route.path], [method]: operationOf(name, route) };
    tags.add(route.tag);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: options.title,
      version: options.version,
      ...(options.description ? { description: options.description } : {}),
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    tags: [...tags].sort().map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    paths,
    components: {
      schemas: { ErrorBody: toJsonSchema(ErrorBodySchema, 'output') },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token from /login-verify-otp or /auth/login.' },
      },
    },
  };
};
