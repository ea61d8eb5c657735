// Browser-safe entry: nothing exported here may import a Node module (see ./node for the transport).
export * from './errors';
export * from './rpc';
export * from './http';
export * from './jobs';
export * from './session';
export * from './contracts/common';
export * from './contracts/auth';
export * from './contracts/premium';
export * from './contracts/chat';
export * from './contracts/prediction';
export * from './contracts/analytics';
export * from './contracts/visitor';
export * from './contracts/tracking';
export * from './contracts/market';
export * from './contracts/system';
export * from './routes';
export * from './openapi';
