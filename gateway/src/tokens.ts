/** Injection tokens of values the gateway is built from (see app.module.ts). */
export const CONFIG = Symbol('CONFIG');
export const LOGGER = Symbol('LOGGER');
export const REDIS = Symbol('REDIS');
