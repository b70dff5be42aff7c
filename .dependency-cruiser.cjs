// The import rules of DESIGN §2, checked by `npm run lint` (and so by CI).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "modules never import each other round in a circle: a shared type or rule lives where both can import it",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "areas-through-their-index",
      comment:
        "an area of services/ or domain/ (catalogue, members, cart, orders, payments, cycles, dollars, pickup, messages, site) uses another only through that area's index.ts; shared/ is open to all",
      severity: "error",
      from: { path: "^app/(services|domain)/([^/]+)/" },
      to: {
        path: "^app/$1/([^/]+)/[^/]+$",
        pathNot: ["^app/$1/$2/", "^app/$1/shared/", "^app/$1/[^/]+/index[.]ts$"],
      },
    },
    {
      name: "routes-use-services",
      comment: "routes/ reach the database and outside services through context.services, never directly",
      severity: "error",
      from: { path: "^app/routes/" },
      to: { path: "^app/(db|integrations)/" },
    },
    {
      name: "routes-not-routes",
      comment: "a route module never imports another one; share through components/, domain/ or services/",
      severity: "error",
      from: { path: "^app/routes/(.+)$" },
      to: { path: "^app/routes/", pathNot: "^app/routes/$1$" },
    },
    {
      name: "components-not-server",
      comment: "components/ are bundled for the browser: no *.server.* module (nor .server/ folder)",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "[.]server([.]|/)" },
    },
    {
      name: "domain-is-pure",
      comment:
        "domain/ imports only domain/, zod, papaparse (CSV text in, rows out) and markdown-it (Markdown in, HTML out): no I/O, no node built-ins, no framework",
      severity: "error",
      from: { path: "^app/domain/", pathNot: "[.]test[.]tsx?$" },
      to: {
        pathNot: [
          "^app/domain/",
          "^node_modules/zod/",
          "^node_modules/papaparse/",
          "^node_modules/markdown-it/",
        ],
      },
    },
    {
      name: "integrations-stand-alone",
      comment: "integrations/ are adapters to outside services; they know neither db/ nor domain/",
      severity: "error",
      from: { path: "^app/integrations/" },
      to: { path: "^app/(db|domain)/" },
    },
    {
      name: "services-not-web",
      comment:
        "services/ take parsed values and never the web's plumbing: no components/ and no web/ (forms, bodies, record routes)",
      severity: "error",
      from: { path: "^app/services/" },
      to: { path: "^app/(components|web)/" },
    },
    {
      name: "web-is-plumbing",
      comment:
        "web/ reads requests and answers them for routes and server/; it reaches no database, outside service or service",
      severity: "error",
      from: { path: "^app/web/" },
      to: { path: "^app/(db|integrations|services|routes)/" },
    },
    {
      name: "app-not-server",
      comment: "server/ composes the app; the app never imports it back",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^server/" },
    },
  ],
  options: {
    // Type-only imports count too: a route importing a db type still depends on db/.
    tsPreCompilationDeps: true,
    // Resolves the "~/" alias (tsconfig paths).
    tsConfig: { fileName: "tsconfig.json" },
    // A git worktree's node_modules may be a symlink to the main checkout's; keep the path as
    // imported (node_modules/zod/…) so the rules that name packages match there too.
    preserveSymlinks: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|tmp|data|[.]react-router)/" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
  },
};
