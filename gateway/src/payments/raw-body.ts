import type { FastifyRequest } from 'fastify';

// The exact bytes of a request body, kept only for routes that verify a signature over them.
const rawBodies = new WeakMap<object, Buffer>();

export const keepRawBody = (request: FastifyRequest, body: Buffer): void => {
  rawBodies.set(request, body);
};

/** The body as it arrived, before any parsing; undefined when the route does not keep it or there was none. */
export const rawBodyOf = (request: FastifyRequest): Buffer | undefined => rawBodies.get(request);
