import { useEffect, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  type MiddlewareFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { useNonce } from "~/components/layout/nonce";
import { Button } from "~/components/ui/button";
import { Toaster, toast } from "~/components/ui/toaster";
import { WithoutJavaScript } from "~/components/ui/without-javascript";
import { sessionMiddleware } from "~/features/accounts/session-middleware.server";
import { isTrackedPath } from "~/features/analytics/events";
import { TagManager } from "~/features/analytics/tag-manager";
import { useAnalytics } from "~/features/analytics/use-analytics";
import { isBlogListPath } from "~/features/blog/paging";
import { PostCardSkeletons } from "~/features/blog/post-card-skeletons";
import { company } from "~/features/catalog/company";
import { noStoreForPrivateResponses } from "~/lib/cache-control.server";
import { clientLog, storeUserRecord } from "~/lib/client-log";
import { env } from "~/lib/env.server";
import { isSameOriginMutation } from "~/lib/origin.server";
import { logSecurityEventFor } from "~/lib/security-log.server";
import { currentUser } from "~/lib/session.server";
import { type FlashToast as FlashToastData, takeToast } from "~/lib/toast.server";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

/** Refuses cross-site mutations before any action runs (CSRF defence, DESIGN section 5). */
const sameOriginOnly: MiddlewareFunction<Response> = ({ request, context }) => {
  if (!isSameOriginMutation(request)) {
    logSecurityEventFor(
      context,
      "csrf.refused",
      {
        method: request.method,
        path: new URL(request.url).pathname,
        origin: request.headers.get("Origin"),
        secFetchSite: request.headers.get("Sec-Fetch-Site"),
      },
      "warn",
    );
    throw new Response("This request came from another site and was refused.", { status: 403 });
  }
};

export const middleware: Route.MiddlewareFunction[] = [
  sameOriginOnly,
  sessionMiddleware,
  noStoreForPrivateResponses,
];

// `precedence` makes React hoist the stylesheet ahead of the scripts' modulepreload links, so the
// one render-blocking request is the first the browser makes after the page
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const { toast, clear } = await takeToast(request);
  const { GTM_ID } = env();
  // Global Privacy Control, and no tag manager on a first visit to a private page
  const tagManagerId =
    GTM_ID && request.headers.get("Sec-GPC") !== "1" && isTrackedPath(new URL(request.url).pathname)
      ? GTM_ID
      : null;
  return data(
    {
      publicUrl: env().PUBLIC_URL,
      siteName: company.name,
      signedIn: user !== null,
      /** the locally stored user record of the client logger (SPEC section 3 'Log entry') */
      userId: user?.id ?? null,
      tagManagerId,
      toast,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/** Shows a notification carried across a redirect: a toast, or a banner without JavaScript. */
function FlashToast({ toast: flash }: { toast: FlashToastData | null }) {
  useEffect(() => {
    if (!flash) return;
    const show = flash.type === "error" ? toast.error : toast.success;
    show(flash.title, { description: flash.description });
  }, [flash]);
  if (!flash) return null;
  return (
    <WithoutJavaScript>
      <div
        role="status"
        className="border-b border-brand-100 bg-brand-50 px-4 py-3 text-center text-sm"
      >
        <strong>{flash.title}</strong> {flash.description}
      </div>
    </WithoutJavaScript>
  );
}

/**
 * Marks the document as scripted before the body is painted, so content meant only for browsers
 * without JavaScript can be hidden by CSS (a `<noscript>` is not shown when a browser turns
 * scripts off for a site only, as Chromium's setting and test drivers do).
 */
const markScripted = "document.documentElement.classList.add('js')";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // decided by the first response; later navigations neither add nor remove it
  const root = useRouteLoaderData<typeof loader>("root");
  const [tagManagerId] = useState(root?.tagManagerId ?? null);
  return (
    // the class added by markScripted is not React's to reconcile
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, allowed by the CSP nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: markScripted }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <TagManager id={tagManagerId} nonce={nonce} />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <Header />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer />
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Reports uncaught browser errors through the client logger (level error: sent to the server). */
function useErrorReporting() {
  useEffect(() => {
    const onError = (event: ErrorEvent) =>
      clientLog.error("performance", event.message || "Uncaught error", {
        source: event.filename,
        line: event.lineno,
        page: window.location.pathname,
      });
    const onRejection = (event: PromiseRejectionEvent) =>
      clientLog.error("performance", "Unhandled promise rejection", {
        reason: String(event.reason).slice(0, 500),
        page: window.location.pathname,
      });
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useAnalytics();
  useErrorReporting();
  useEffect(() => storeUserRecord(loaderData.userId), [loaderData.userId]);
  const navigation = useNavigation();
  // SPEC: 6 skeleton cards while a client-side navigation to a blog list is loading
  const loadingBlogList =
    navigation.state === "loading" && isBlogListPath(navigation.location?.pathname);
  return (
    <>
      <FlashToast toast={loaderData.toast} />
      {loadingBlogList ? <PostCardSkeletons count={6} /> : <Outlet />}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (notFound) return;
    clientLog.error("performance", "Page failed to render", {
      status: isRouteErrorResponse(error) ? error.status : null,
      error: error instanceof Error ? error.message.slice(0, 500) : null,
      page: window.location.pathname,
    });
  }, [error, notFound]);
  const title = notFound ? "Page not found" : "Something went wrong";
  const message = notFound
    ? "We could not find the page you were looking for. It may have moved."
    : "We could not complete your request. Please try again in a moment.";
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{`${title} | Utah Home Remediation`}</title>
      <p className="text-sm font-semibold text-brand-800">
        {isRouteErrorResponse(error) ? error.status : 500}
      </p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-700">{message}</p>
      <Button asChild className="mt-8">
        <Link to="/">Return Home</Link>
      </Button>
    </div>
  );
}
