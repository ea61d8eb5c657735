// The house's layering, checked by dependency-cruiser in `npm run lint` (and so in `npm test`). Each rule is one
// sentence of README.md's architecture section; a violation fails the build with the rule's name and the import.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'service-imports-service',
      comment: 'A service never imports another service: they talk through the RPC patterns and queues that proto/ declares.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/([^/]+)/', pathNot: '^services/$1/' },
    },
    {
      name: 'gateway-imports-service',
      comment: 'The gateway reaches the services only through RPC.',
      severity: 'error',
      from: { path: '^gateway/' },
      to: { path: '^services/' },
    },
    {
      name: 'service-imports-gateway',
      comment: 'No service imports the gateway.',
      severity: 'error',
      from: { path: '^services/' },
      to: { path: '^gateway/' },
    },
    {
      name: 'web-imports-platform',
      comment: 'The web imports proto’s browser-safe contracts only, never the Node platform (the transport, queues, bootstrap).',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: ['^platform/', '^(gateway|services|scripts|load-tests)/'] },
    },
    {
      name: 'web-feature-imports-feature',
      comment: 'A web feature never imports another feature; what two features share lives in components/, hooks/ or lib/.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/([^/]+)/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'proto-imports-platform',
      comment: 'The contracts (proto/) never import the Node platform (platform/), which builds on them.',
      severity: 'error',
      from: { path: '^proto/' },
      to: { path: '^platform/' },
    },
    {
      name: 'platform-imports-app',
      comment: 'The platform serves the gateway and every service alike, so it imports none of them.',
      severity: 'error',
      from: { path: '^platform/' },
      to: { path: '^(gateway|services|web)/' },
    },
    {
      name: 'scripts-import-load-tests',
      comment: 'The scripts never import the load tests: what both use lives in scripts/lib/, which load-tests/ imports, so the two never import each other.',
      severity: 'error',
      from: { path: '^scripts/' },
      to: { path: '^load-tests/' },
    },
    {
      name: 'pure-core-imports-shell',
      comment:
        "A service's pure core (portfolio's ledger/, import/ and alerts/rules/, prediction's models/, the chat's engine/ and guard/) holds pure functions: it imports no handler, service, repository, entity, processor or client of the shell, nor Nest, TypeORM, Redis or BullMQ, so its specs need no seam.",
      severity: 'error',
      from: { path: '^services/(portfolio/src/(ledger|import|alerts/rules)|prediction/src/models|chat/src/(engine|guard))/' },
      to: {
        path: ['\\.(handler|service|repository|entity|processor|client|module)\\.ts$', '(^|/)node_modules/(@nestjs|typeorm|ioredis|bullmq|pg)/', '^platform/'],
      },
    },
    {
      name: 'import-runs-back-up',
      comment:
        'Inside a service, the gateway, the web, proto or the platform, a lower module never imports one that (through others) imports it back: every cycle has an import running back up.',
      severity: 'error',
      from: { path: '^(services|gateway|proto|platform|web)/' },
      to: { circular: true },
    },
    {
      name: 'folder-runs-back-up',
      comment: 'Folders stack as floors: a folder never imports one that (through others) imports it back.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(services|gateway|proto|platform|web)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: ['(^|/)node_modules/', '(^|/)dist/'] },
    exclude: { path: ['\\.spec\\.ts$', '\\.test\\.tsx?$', '\\.int-spec\\.ts$', '(^|/)test/', '(^|/)testing/', '\\.d\\.ts$', '\\.generated\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], mainFields: ['main', 'types'] },
  },
};
