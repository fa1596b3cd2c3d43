// Which layer may import which (DESIGN §3). `npm run lint` runs this, so a wrong-way import fails CI.
// Paths are relative to the repository root; a dependency counts whether it is a value or a type import.
// Only src/ and server/ are checked: tests/, bench/ and server/cli/ scripts may assemble anything.

/** Test files may assemble pieces from anywhere. */
const testFile = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // Client: app → features → components/lib → contract.
    {
      name: 'feature-to-other-feature',
      comment:
        'A feature stands alone: what two features share moves down to src/components or src/lib, and pages that show ' +
        'several features compose them in src/app/routes.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/', pathNot: testFile },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'feature-to-app',
      comment: 'src/app assembles the features; a feature that reached back up into it would make the two a tangle.',
      severity: 'error',
      from: { path: '^src/features/', pathNot: testFile },
      to: { path: '^src/app/' },
    },
    {
      name: 'components-to-features-or-app',
      comment: 'src/components is the UI kit: it knows no feature and no route, so every feature can use it.',
      severity: 'error',
      from: { path: '^src/components/', pathNot: testFile },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'lib-to-features-app-or-components',
      comment: 'src/lib (API client, session, query client, storage) sits below the UI: it holds no feature, route or kit piece.',
      severity: 'error',
      from: { path: '^src/lib/', pathNot: testFile },
      to: { path: '^src/(features|app|components)/' },
    },
    {
      name: 'api-client-outside-api-caller',
      comment:
        'The browser calls the API one way, through an ApiCaller (useApiCaller, or browserApiCaller outside React): only ' +
        'src/lib/api-caller.tsx loads the axios client, and lazily, so no page pulls it in sooner.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/lib/api-caller\\.tsx$', testFile] },
      to: { path: '^src/lib/api-client\\.ts$' },
    },
    {
      name: 'contract-to-rest-of-src',
      comment: 'src/contract is shared by server and browser, so it may import only itself.',
      severity: 'error',
      from: { path: '^src/contract/', pathNot: testFile },
      to: { path: '^src/', pathNot: '^src/contract/' },
    },
    {
      name: 'contract-to-node',
      comment: 'src/contract runs in the browser too: no Node built-ins.',
      severity: 'error',
      from: { path: '^src/contract/', pathNot: testFile },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'contract-to-react',
      comment: 'src/contract is data and rules shared with the server: no React or client libraries.',
      severity: 'error',
      from: { path: '^src/contract/', pathNot: testFile },
      to: { path: '(^|/)node_modules/(react|react-dom|react-router|@tanstack)/' },
    },
    {
      name: 'src-to-server',
      comment: 'The browser bundle must never pull in server code.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-to-src',
      comment: 'The server shares only the contract with the client; anything else of src/ is browser code.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/contract/' },
    },

    // Server: routes → service → repository → db.
    {
      name: 'routes-to-repository-or-db',
      comment: 'Route files do HTTP only: they call a service, which holds the rules and the transaction.',
      severity: 'error',
      from: { path: '^server/features/.+\\.routes\\.ts$' },
      to: { path: ['\\.repository\\.ts$', '^server/db/'] },
    },
    {
      name: 'repository-to-service-or-routes',
      comment: 'A repository is SQL only and sits below the service and the routes that call it.',
      severity: 'error',
      from: { path: '\\.repository\\.ts$' },
      to: { path: '\\.(service|routes)\\.ts$' },
    },
    {
      name: 'service-to-routes',
      comment: 'A service holds the rules; HTTP stays in the routes above it.',
      severity: 'error',
      from: { path: '\\.service\\.ts$' },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'server-feature-cycle',
      comment: 'Two server features that import each other cannot be understood, tested or changed apart.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/features/[^/]+$' },
      to: { path: '^server/features/[^/]+$', circular: true },
    },
    {
      name: 'server-domain-beside-services',
      comment:
        'Server domains meet only at services (decision 058): another domain is asked through its *.service.ts, never ' +
        'its repository, routes or helpers. Imports that predate the rule are listed in ' +
        '.dependency-cruiser-known-violations.json, a baseline that only shrinks (`npm run lint:baseline` rewrites it).',
      severity: 'error',
      from: { path: '^server/features/([^/]+)/', pathNot: testFile },
      to: { path: '^server/features/', pathNot: ['^server/features/$1/', '\\.service\\.ts$'] },
    },
    {
      name: 'file-cycle',
      comment: 'Two files that import each other, even for a type, cannot be read or changed apart.',
      severity: 'error',
      from: { path: '^(src|server)/', pathNot: testFile },
      to: { circular: true },
    },
    {
      name: 'service-worker-to-ui',
      comment:
        "The service worker runs without a page: it may use src/lib, src/contract and a feature's storage module, " +
        "never React, the app or a feature's screens.",
      severity: 'error',
      from: { path: '^src/sw/' },
      to: { path: ['^src/(app|components)/', '^src/features/(?!.+/storage/)', '^node_modules/react'] },
    },
    {
      name: 'db-to-features',
      comment: 'server/db is the lowest layer; scripts that need the features live in server/cli.',
      severity: 'error',
      from: { path: '^server/db/' },
      to: { path: '^server/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    metrics: true,
  },
};
