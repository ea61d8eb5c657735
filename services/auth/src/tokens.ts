/** Injection token of the service's pino logger (redacts passwords, codes and tokens). */
export const LOGGER = Symbol('LOGGER');
