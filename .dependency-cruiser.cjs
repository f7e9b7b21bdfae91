// The import rules of the code (`npm run lint:deps`, part of `npm run lint`): which folder may
// import which (docs/architecture.md, "Import direction"; docs/adr/0036-module-rooms-and-imports.md).
//   routes → components, hooks → app/modules (domains) → app/platform → db
// TypeScript files are read through Babel (.dependency-cruiser-babel.cjs): dependency-cruiser's
// own TypeScript reader needs the compiler API of TypeScript 2–6, and this project has 7. So
// the files are named by glob on the command line (a folder alone would find no .ts file) and
// every import counts, type-only ones included: a type is a dependency too.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "platform-not-to-domain",
      comment:
        "app/platform holds what every domain builds on (database, config, http, page cache, jobs, mail, logger…) and knows no domain: " +
        "a domain hands it what it needs at start (registerTimedChange, definePageEffect, the job list in app/jobs.server.ts). " +
        "An import of app/modules from here brings back the cycle between the two.",
      severity: "error",
      from: { path: "^app/platform/" },
      to: { path: "^app/modules/" },
    },
    {
      name: "modules-not-to-app-layers",
      comment:
        "Platform and domain modules are below the routes, components, layouts, middleware and root: they are what those are built from. " +
        "What a module and a route both need (a type, the page language) lives in a module or in app/i18n.",
      severity: "error",
      from: { path: "^app/(platform|modules)/" },
      to: { path: "^app/(routes|components|layouts|middleware)/|^app/root\\.tsx$" },
    },
    {
      name: "ui-not-to-routes",
      comment:
        "Components, hooks and layouts serve many routes and are imported by them; a route's own types or data shapes they need belong in a module " +
        "(the root loader's data type is in app/hooks/use-root-data.ts).",
      severity: "error",
      from: { path: "^app/(components|hooks|layouts)/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "server-not-to-scripts",
      comment:
        "The server serves; the command-line launchers (scripts/start.ts, scripts/serve.ts, scripts/dev.ts) start it and bring the demo seed. " +
        "The server importing scripts/ would ship the seed and its demo data into every production start.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^scripts/" },
    },
    {
      name: "db-not-to-app",
      comment:
        "db/ (connection, schema, migration runner) is below the app: scripts, the server and the migrations use it without loading the app's modules.",
      severity: "error",
      from: { path: "^db/" },
      to: { path: "^app/" },
    },
    {
      name: "no-circular-app",
      comment:
        "No file of app/ reaches itself through its imports (none does today). A cycle makes the start order of module state " +
        "(config, database, page cache, registries) depend on which file is imported first, and in the platform it is the first step " +
        "back to the tangle this layout removed. Domains may still depend on each other in both directions at folder level.",
      severity: "error",
      from: { path: "^app/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    babelConfig: { fileName: ".dependency-cruiser-babel.cjs" },
    tsPreCompilationDeps: true,
    // `#app/*` and `#db/*` resolve through package.json "imports", as for Node, Vite and tsc.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
