/**
 * The app's route table (app/routes.ts) as tests walk it: every route with its full path pattern,
 * its module and the modules of the layouts around it, and a request run the way the router runs
 * it (the root's middleware, each layout's, then the route's loader or action), answered with the
 * document headers the framework would send.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { MiddlewareFunction } from "react-router";
import * as root from "~/root";
import routes from "~/routes";
import { throughRoot } from "./through-root";

type Handler = (args: never) => unknown;

/** The parts of a route module these tests use. */
export interface RouteModule {
  loader?: Handler;
  action?: Handler;
  middleware?: MiddlewareFunction<Response>[];
  headers?: (args: {
    loaderHeaders: Headers;
    parentHeaders: Headers;
    actionHeaders: Headers;
    errorHeaders: Headers | undefined;
  }) => HeadersInit;
  meta?: (args: never) => Array<Record<string, unknown>>;
  default?: unknown;
}

/** One route of app/routes.ts. */
export interface RouteEntry {
  /** the full pattern, e.g. "/account/quotes/:id/visit" */
  pattern: string;
  /** the module's path under app/, e.g. "routes/account/quote-visit.tsx" */
  file: string;
  /** the names of its dynamic segments, in order */
  params: string[];
  /** the layout modules around it, outermost first */
  layouts: string[];
}

const modules = import.meta.glob<RouteModule>("../../app/routes/**/*.{ts,tsx}");

function flatten(entries: RouteConfigEntry[], base: string, layouts: string[]): RouteEntry[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${base.replace(/\/$/, "")}/${entry.path}` : base;
    if (entry.children?.length) {
      return flatten(entry.children, pattern, entry.path ? layouts : [...layouts, entry.file]);
    }
    const params = pattern
      .split("/")
      .filter((segment) => segment.startsWith(":"))
      .map((segment) => segment.slice(1).replace(/\?$/, ""));
    return [{ pattern: pattern || "/", file: entry.file, params, layouts }];
  });
}

/** Every leaf route of app/routes.ts (layouts are not routes of their own). */
export function routeTable(): RouteEntry[] {
  return flatten(routes, "", []);
}

/** The module of `file` (a path under app/, as app/routes.ts names it). */
export async function routeModule(file: string): Promise<RouteModule> {
  const load = modules[`../../app/${file}`];
  if (!load) throw new Error(`no module for ${file}`);
  return load();
}

/** `pattern` with its dynamic segments replaced by `values` (already URL-encoded). */
export function pathOf(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:(\w+)\??/g, (_, name: string) => values[name] ?? "");
}

/**
 * Runs `request` to `route` as the router would: the root's middleware, the layouts' middleware,
 * then the route's loader (GET) or action (POST), with `params` as the router decodes them.
 * A document route's answer carries the headers its `headers` export (and its layouts') give.
 * @returns the answer, or null when the route has no handler for the method
 */
export async function runRoute(
  route: RouteEntry,
  request: Request,
  params: Record<string, string>,
): Promise<Response | null> {
  const leaf = await routeModule(route.file);
  const layouts = await Promise.all(route.layouts.map(routeModule));
  const handler = request.method === "GET" ? leaf.loader : leaf.action;
  if (!handler) return null;
  const middleware = [...layouts, leaf].flatMap((module) => module.middleware ?? []);
  const answer = await throughRoot(request, handler, { params, middleware });
  if (!leaf.default || answer.status === 204 || (answer.status >= 300 && answer.status < 400)) {
    return answer;
  }
  // a page: the framework's document headers (remix-run/react-router getDocumentHeaders)
  const failed = answer.status >= 400;
  const headers = [root as RouteModule, ...layouts, leaf].reduce((parentHeaders, module) => {
    if (!module.headers) return parentHeaders;
    const own = module === leaf ? answer.headers : new Headers();
    return new Headers(
      module.headers({
        loaderHeaders: own,
        parentHeaders,
        actionHeaders: new Headers(),
        errorHeaders: failed && module === leaf ? own : undefined,
      }),
    );
  }, new Headers());
  return new Response(answer.body, { status: answer.status, headers });
}
