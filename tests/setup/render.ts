/** Rendering one of our route modules to HTML as the server would, for integration tests. */
import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  RouterContextProvider,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
  useMatches,
  useParams,
  useRouteError,
} from "react-router";
import { ORIGIN } from "./actions";

/** The parts of a framework route module this helper runs. */
interface RouteModule {
  loader: (args: never) => unknown;
  action?: (args: never) => unknown;
  default: ComponentType<never>;
  ErrorBoundary?: ComponentType<never>;
}

interface Handle {
  Page: ComponentType<Record<string, unknown>>;
  Boundary?: ComponentType<Record<string, unknown>>;
}

function handleOf(matches: ReturnType<typeof useMatches>): Handle {
  return matches.at(-1)?.handle as Handle;
}

/** The module's component with the props the framework gives it. */
function RouteComponent() {
  const matches = useMatches();
  const { Page } = handleOf(matches);
  return createElement(Page, {
    loaderData: useLoaderData(),
    actionData: useActionData(),
    params: useParams(),
    matches,
  });
}

/** The module's ErrorBoundary with what the loader threw. */
function RouteErrorBoundary() {
  const { Boundary } = handleOf(useMatches());
  const error = useRouteError();
  const params = useParams();
  if (!Boundary) throw error;
  return createElement(Boundary, { error, params });
}

/**
 * GETs `path` from route `module` mounted at `pattern` (e.g. "/blog/category/:slug"): its loader
 * runs through React Router's static handler, then its component renders with the loader data,
 * or its ErrorBoundary with what the loader threw. `requestContext`: the request's router context (e.g. a
 * signed-in user's); default an empty one. With `init` a POST: the action runs first and the page
 * renders with its answer, as a browser without JavaScript gets it.
 * @returns the response status and the rendered HTML
 */
export async function renderRoute(
  module: RouteModule,
  pattern: string,
  path: string,
  requestContext: RouterContextProvider = new RouterContextProvider(),
  init?: RequestInit,
): Promise<{ status: number; html: string }> {
  const handle: Handle = {
    Page: module.default as Handle["Page"],
    Boundary: module.ErrorBoundary as Handle["Boundary"],
  };
  const handler = createStaticHandler([
    {
      id: "page",
      path: pattern,
      loader: module.loader as never,
      action: module.action as never,
      handle,
      Component: RouteComponent,
      ErrorBoundary: RouteErrorBoundary,
    },
  ]);
  const context = await handler.query(new Request(`${ORIGIN}${path}`, init), {
    requestContext,
  });
  if (context instanceof Response) {
    return { status: context.status, html: await context.text() };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context }));
  return { status: context.statusCode, html };
}
