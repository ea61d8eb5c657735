export * from './device-check';
export * from './device-id';
export * from './events';
export * from './messages';
export * from './state-machine';
export * from './subscription.entities';
export * from './subscriptions.repository';
