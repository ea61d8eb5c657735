// Two tiers (STYLE.md 13): unit specs beside the code, integration specs against real PostgreSQL and Redis.
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  testEnvironment: 'node',
  // jose, trading-signals and @bsull/augurs ship ESM only; swc turns them into CommonJS for Jest. The OTLP exporter
  // loads node:http with import(), which Jest's VM refuses; swc turns that into require().
  transform: {
    '^.+\\.ts$': swc,
    '/node_modules/(jose|trading-signals|@bsull/augurs)/.+\\.js$': swc,
    '/node_modules/@opentelemetry/otlp-exporter-base/.+\\.cjs$': swc,
  },
  transformIgnorePatterns: ['/node_modules/(?!(jose|trading-signals|@bsull/augurs|@opentelemetry/otlp-exporter-base)/)'],
  moduleNameMapper: {
    '^@nivesh/proto$': path.join(__dirname, 'proto/src/index.ts'),
    '^@nivesh/platform$': path.join(__dirname, 'platform/src/index.ts'),
    '^@nivesh/proto/dates$': path.join(__dirname, 'proto/src/dates.ts'),
    '^@nivesh/proto/values$': path.join(__dirname, 'proto/src/values/index.ts'),
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/web/'],
};

module.exports = {
  rootDir: __dirname,
  // Integration suites start processes and drive real Redis and PostgreSQL; unit specs finish far sooner.
  testTimeout: 120_000,
  projects: [
    { ...shared, displayName: 'unit', rootDir: __dirname, testMatch: ['<rootDir>/{proto,platform,gateway,services/*}/src/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'int',
      rootDir: __dirname,
      testMatch: ['<rootDir>/{proto,platform,gateway,services/*}/test/**/*.int-spec.ts', '<rootDir>/test/int/**/*.int-spec.ts'],
    },
  ],
};
