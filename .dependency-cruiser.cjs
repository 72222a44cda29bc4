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

/**
 * What a feature offers the other features (docs/decisions/0190-features-own-their-data.md): the
 * files of app/features/<area>/ another feature may import. Everything else is the feature's own.
 * catalog is the shared vocabulary of all features and is open as a whole. Each feature's
 * personal-data.server.ts is imported only by the registry app/features/personal-data.server.ts,
 * which sits outside every feature folder.
 */
const PUBLIC_FILES = {
  accounts: [
    "admins.server.ts", // who is an admin (the customer list leaves them out)
    "properties.server.ts", // a request saves its address as the customer's property
    "property-schema.ts",
    "property-form.tsx", // AddressFields: the booking and the admin's service address ask as properties do
    "claims.server.ts", // a request given a street address joins the account's property there
    "mobile-number.server.ts", // E.164 numbers: consent and inbound texts are kept per number
  ],
  admin: [
    "format.ts", // the back office's display helpers (N/A for an empty value)
    "list-filters.tsx", // the back office's list filter bar
  ],
  analytics: ["events.ts"],
  estimates: [
    "status-badge.tsx",
    "sample-prices.ts", // the marker of the sample prices the set-up checklist looks for
    "money.ts", // integer cents and dollars as the estimate shows them (jobs, invoices)
    "consent.ts", // the electronic-signature disclosure (a job's homeowner sign-off)
    "signing.ts", // the sign form's fields (a job's homeowner sign-off)
    "signing.server.ts", // the drawn signature's check and image response, the audit columns, the link validity
    "signature-field.tsx", // the drawn signature (a job's homeowner sign-off)
  ],
  jobs: [
    "create.server.ts", // the estimate's acceptance makes the job in its own transaction
    "events.server.ts", // the 'job completed' hook (invoicing)
    "summary.server.ts", // a quote's job in one line (quote pages, the customer's list)
    "job-card.tsx", // the Job card of the admin's quote page
    "post-mitigation.ts", // the post-mitigation test's windows: staff moving its visits (features/visits) keep to them
  ],
  invoices: [
    "invoice-page.tsx", // the status badge tone of invoices in the back office
    "invoices.server.ts", // the deposit invoice is written in the acceptance's transaction
    "customer.server.ts", // a customer's invoices under their quotes and on the status link
    "quote-invoices.tsx", // the invoices card of a quote (admin) and the customer's list
  ],
  quotes: [
    "reference.ts",
    "status.ts",
    "status-badge.tsx",
    "answers.ts",
    "triage.ts",
    "files.ts",
    "files.server.ts",
    "status-link.server.ts",
    "service-address.server.ts", // the request's service address, asked at booking or set by staff
    "history.server.ts", // a customer's quote history, the same list on their page and the admin's
    "status-change.server.ts", // the quote follows its job's status, with history and mail
  ],
  visits: [
    "settings.server.ts",
    "work.server.ts", // a job's work visits on the schedule (features/jobs books them)
    "booking.server.ts", // the post-mitigation radon test (features/jobs) books a placement and pick-up as visits do
    "slots.ts", // its times: Utah wall-clock instants, as the booking page's
  ],
  messages: [
    "consent.ts", // the words of 'Text me about my request' on the quote forms
    "consent.server.ts", // consent rows written with a request; whether a number may get texts
    "quiet-hours.ts", // texts nobody asked for just then wait for 08:00-21:00 Utah time
    "review-requests.server.ts", // one review request per completed quote or job
    "thread.server.ts", // a customer's messages and the office's answers on their quote page
  ],
};

/**
 * Imports of another feature's own file that are known and still to be moved, each with its
 * reason: [importing file, imported file (both under app/features/), reason].
 */
const KNOWN_CROSS_FEATURE_IMPORTS = [
  [
    "estimates/estimate-card.tsx",
    "admin/quote-detail.tsx",
    "the estimate card sits on the admin quote page and reuses its label/value rows (Rows); to move to components/",
  ],
];

const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PUBLIC_PATHS = Object.entries(PUBLIC_FILES).map(
  ([feature, files]) => `^app/features/${feature}/(${files.map(literal).join("|")})$`,
);
/** The importing files of the known exceptions, with their feature as the regex's first group. */
const exceptionFrom = (file) =>
  `^app/features/(${literal(file.split("/")[0])})/${literal(file.split("/").slice(1).join("/"))}$`;

/** features-through-public-files for `from`, allowing the extra targets `alsoTo`. */
function throughPublicFiles(from, alsoTo = [], reason = "") {
  return {
    name: "features-through-public-files",
    comment:
      "A feature imports another feature only through that feature's public files " +
      "(PUBLIC_FILES above); catalog is shared by all. Move what is needed into a public file " +
      "or into catalog, or list the file in PUBLIC_FILES with a reason." +
      (reason ? ` Known exception here: ${reason}.` : ""),
    severity: "error",
    from,
    to: {
      path: "^app/features/[^/]+/",
      pathNot: ["^app/features/$1/", "^app/features/catalog/", ...PUBLIC_PATHS, ...alsoTo],
    },
  };
}

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
      name: "db-not-to-features-except-catalog",
      comment:
        "The schema (app/db) is below every feature: it imports only the shared vocabulary in " +
        "features/catalog (enums, bounds), never a feature's own module.",
      severity: "error",
      from: { path: "^app/db/" },
      to: { path: "^app/features/", pathNot: "^app/features/catalog/" },
    },
    throughPublicFiles({
      path: "^app/features/([^/]+)/",
      pathNot: KNOWN_CROSS_FEATURE_IMPORTS.map(([from]) => exceptionFrom(from)),
    }),
    ...KNOWN_CROSS_FEATURE_IMPORTS.map(([from, to, reason]) =>
      throughPublicFiles({ path: exceptionFrom(from) }, [`^app/features/${literal(to)}$`], reason),
    ),
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
