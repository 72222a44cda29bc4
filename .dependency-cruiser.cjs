/**
 * The layering rules of app/ (docs/decisions/0056-layering.md), checked by dependency-cruiser in
 * `npm run lint` (and so in `npm test`), alone with `npm run test:deps`. Sources are parsed by swc
 * (dependency-cruiser cannot use TypeScript 7's compiler), which keeps type-only imports: a type
 * is a dependency on a layer too. The `~/` alias comes from tsconfig.json.
 */

/** Modules that React Router splits or that never reach the browser: they may import .server. */
const SERVER_SIDE = [
  "\\.server\\.tsx?$",
  "\\.worker\\.ts$",
  "^app/routes/",
  "^app/root\\.tsx$",
  "^app/routes\\.ts$",
  "^app/db/",
  "^server\\.ts$",
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "lib-not-to-domain",
      comment:
        "app/lib is cross-cutting code: it never imports the domain (app/features) or a route. " +
        "Pass the domain fact in as an argument or through the router context.",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^app/(features|routes)/" },
    },
    {
      name: "features-not-to-routes",
      comment: "Features hold the rules; routes call them, never the other way round.",
      severity: "error",
      from: { path: "^app/features/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "components-not-to-routes",
      comment: "Components are used by routes; they never import one.",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "ui-not-to-domain",
      comment:
        "components/ui are primitives: they know no domain (services, statuses). The feature " +
        "maps its facts to the primitive's props (e.g. a quote status to a Badge tone).",
      severity: "error",
      from: { path: "^app/components/ui/" },
      to: { path: "^app/(features|routes)/" },
    },
    {
      name: "no-server-in-client-modules",
      comment:
        "A module the browser bundle can reach (components, feature and lib modules not named " +
        ".server) never imports a .server module: secrets and server code stay out of the " +
        "client. Route modules may (React Router strips loaders and actions from the client " +
        "build). A type-only import is erased and allowed.",
      severity: "error",
      from: { path: "^app/", pathNot: SERVER_SIDE },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-circular",
      comment: "Import cycles make load order matter and layers blur; break the cycle.",
      severity: "error",
      from: { path: "^(app/|server\\.ts$)" },
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment:
        "Every import resolves (an alias the checker cannot follow would hide the rules above); " +
        "React Router's generated ./+types/* exist only for the type checker.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: "/\\+types/" },
    },
  ],
  options: {
    parser: "swc",
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules)/|\\.react-router/" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
