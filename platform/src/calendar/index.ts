export * from './trading-calendar';
export { NSE_SESSION_YEARS, type SessionYear } from './nse-sessions';
