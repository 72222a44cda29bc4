import { useEffect, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  type MiddlewareFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { ErrorPage, isNotFound } from "~/components/layout/error-page";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { useNonce } from "~/components/layout/nonce";
import { Toaster, toast } from "~/components/ui/toaster";
import { WithoutJavaScript } from "~/components/ui/without-javascript";
import { countRefusedAuthPost } from "~/features/accounts/auth-limits.server";
import { accountEntry } from "~/features/accounts/navigation";
import { sessionMiddleware } from "~/features/accounts/session-middleware.server";
import { isTrackedPath } from "~/features/analytics/events";
import { TagManager } from "~/features/analytics/tag-manager";
import { useAnalytics } from "~/features/analytics/use-analytics";
import { ARTICLE_MAX_CHARS } from "~/features/blog/editor-schema";
import { isBlogListPath } from "~/features/blog/paging";
import { PostCardSkeletons } from "~/features/blog/post-card-skeletons";
import { UPLOAD_API_PATH, UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "~/features/blog/uploads";
import { type CompanyContact, company } from "~/features/catalog/company";
import { MAX_SIGNATURE_DATA_URL_CHARS } from "~/features/catalog/estimate-limits";
import {
  QUOTE_FILE_LIMITS,
  QUOTE_FILE_MAX_BYTES,
  QUOTE_FILE_MESSAGES,
  QUOTE_UPLOAD_PATH,
} from "~/features/quotes/files";
import { countRefusedQuotePost } from "~/features/quotes/submit.server";
import { isSubmitFailure } from "~/features/quotes/submit-failure";
import { noStoreForPrivateResponses } from "~/lib/cache-control.server";
import { clientLog, storeUserRecord } from "~/lib/client-log";
import { env } from "~/lib/env.server";
import {
  type BodyLimits,
  checkRequestBody,
  FORM_LIMITS,
  uploadLimits,
} from "~/lib/form-limits.server";
import { logger } from "~/lib/logger.server";
import { requestContext, requestInfo } from "~/lib/request-context";
import { logSecurityEventFor } from "~/lib/security-log.server";
import { currentUser } from "~/lib/session.server";
import { type FlashToast as FlashToastData, takeToast } from "~/lib/toast.server";
import { pathWithoutToken } from "~/lib/token-paths";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

/** The quote forms' own addresses (/quotes/water...), not the pages beside them. */
const QUOTE_FORM_PATH = /^\/quotes\/(?!uploads$|confirmation$)[a-z-]+$/;

/** A quote's back-office page, whose action also takes the test result forms. */
const ADMIN_QUOTE_PATH = /^\/admin\/quotes\/[0-9a-f-]+$/;

/**
 * The pages whose action takes a sign form with a drawn signature: an estimate's accept form
 * (routes/estimates, routes/account) and a job's sign-off (the mailed link, the crew's phone on
 * the admin job page).
 */
const SIGN_FORM_PATH =
  /^\/(estimates\/[^/]+|account\/quotes\/[^/]+\/estimate|jobs\/[^/]+|admin\/jobs\/[0-9a-f-]+)$/;

/** The pages whose 'Message the company' form may carry one photo or PDF (features/messages). */
const MESSAGE_FORM_PATH = /^\/(quotes\/status\/[^/]+|account\/quotes\/[^/]+\/messages)$/;
/** Stripe's webhook: its events are JSON (a Checkout Session's are a few KB). */
const STRIPE_WEBHOOK_PATH = "/webhooks/stripe";
const STRIPE_WEBHOOK_MAX_BYTES = 256 * 1024;

/** The body limits of the route at `pathname` (a `.data` request's path without `.data`). */
function bodyLimitsFor(pathname: string): BodyLimits {
  if (pathname === "/admin/blog/uploads" || pathname === UPLOAD_API_PATH) {
    // the refusal says what the upload field says ('The image is larger than 5 MB...')
    return uploadLimits(UPLOAD_MAX_BYTES, 1, UPLOAD_MESSAGES.tooLarge);
  }
  if (pathname === QUOTE_UPLOAD_PATH) {
    return uploadLimits(QUOTE_FILE_MAX_BYTES, 1, QUOTE_FILE_MESSAGES.tooLarge("The file"));
  }
  if (QUOTE_FORM_PATH.test(pathname)) {
    // without JavaScript the files come with the answers
    const files = QUOTE_FILE_LIMITS.photo + QUOTE_FILE_LIMITS.report;
    return uploadLimits(QUOTE_FILE_MAX_BYTES, files, QUOTE_FILE_MESSAGES.tooLarge("Your files"));
  }
  if (MESSAGE_FORM_PATH.test(pathname)) {
    return {
      ...FORM_LIMITS,
      maxBytes: QUOTE_FILE_MAX_BYTES + FORM_LIMITS.maxBytes,
      tooLargeMessage: QUOTE_FILE_MESSAGES.tooLarge("The file"),
    };
  }
  if (ADMIN_QUOTE_PATH.test(pathname)) {
    // a test result's lab report (one PDF) comes with the result form (features/records)
    return {
      ...FORM_LIMITS,
      maxBytes: QUOTE_FILE_MAX_BYTES + FORM_LIMITS.maxBytes,
      tooLargeMessage: QUOTE_FILE_MESSAGES.tooLarge("The lab report"),
    };
  }
  if (pathname === "/admin/blog/new" || /^\/admin\/blog\/[^/]+$/.test(pathname)) {
    // an article's HTML, URL-encoded (up to three bytes per character)
    return { maxBytes: 3 * ARTICLE_MAX_CHARS + 64 * 1024, maxValueChars: ARTICLE_MAX_CHARS };
  }
  if (SIGN_FORM_PATH.test(pathname)) {
    // the drawn signature: a PNG data URL, URL-encoded (up to three bytes each)
    return {
      maxBytes: 3 * MAX_SIGNATURE_DATA_URL_CHARS + 64 * 1024,
      maxValueChars: MAX_SIGNATURE_DATA_URL_CHARS,
    };
  }
  if (pathname.startsWith("/api/")) {
    return { ...FORM_LIMITS, maxBytes: 64 * 1024, alsoAccepts: ["application/json"] };
  }
  if (pathname === STRIPE_WEBHOOK_PATH) {
    // Stripe posts its events as JSON; the route reads the raw body for the signature
    return {
      ...FORM_LIMITS,
      maxBytes: STRIPE_WEBHOOK_MAX_BYTES,
      alsoAccepts: ["application/json"],
    };
  }
  return FORM_LIMITS;
}

/**
 * Refuses a mutation whose body is out of bounds before any action parses it (docs/decisions/0127): 413 or
 * 400 with a plain message, nothing written, one `request.refused` security event, and the
 * refused post still counted by the quote or sign-in form's rate limit.
 */
const boundedBodies: MiddlewareFunction<Response> = async ({ request, context }) => {
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
  const refusal = await checkRequestBody(request, bodyLimitsFor(pathname));
  if (!refusal) return;
  logSecurityEventFor(
    context,
    "request.refused",
    {
      method: request.method,
      // a mailed link's path is its secret: logs never hold it (docs/decisions/0043)
      path: pathWithoutToken(pathname),
      status: refusal.status,
      reason: refusal.reason,
    },
    "warn",
  );
  const { clientIp } = context.get(requestContext);
  try {
    if (QUOTE_FORM_PATH.test(pathname)) {
      await countRefusedQuotePost(clientIp);
    } else {
      await countRefusedAuthPost(pathname, clientIp);
    }
  } catch (error) {
    // the refusal stands without its count when the database is away
    logger().warn({ err: error }, "a refused post could not be counted");
  }
  throw new Response(refusal.message, {
    status: refusal.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
};

/** Tells server.ts which route pattern answers (its request metrics' label). */
const reportRoutePattern: MiddlewareFunction<Response> = ({ pattern, context }) => {
  requestInfo(context)?.onRoute?.(`/${pattern.replace(/^\//, "")}`);
};

export const middleware: Route.MiddlewareFunction[] = [
  reportRoutePattern,
  boundedBodies,
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
  const { GTM_ID, COMPANY_PHONE, COMPANY_EMAIL } = env();
  // Global Privacy Control, and no tag manager on a first visit to a private page
  const tagManagerId =
    GTM_ID && request.headers.get("Sec-GPC") !== "1" && isTrackedPath(new URL(request.url).pathname)
      ? GTM_ID
      : null;
  return data(
    {
      publicUrl: env().PUBLIC_URL,
      siteName: company.name,
      /** the phone and e-mail the header and footer show (prerendered pages: server.ts updates them) */
      contact: {
        phone: COMPANY_PHONE.e164,
        phoneDisplay: COMPANY_PHONE.display,
        email: COMPANY_EMAIL,
      } satisfies CompanyContact,
      signedIn: user !== null,
      /** the dashboard or admin panel the header, footer and home page offer (null: a guest) */
      account: accountEntry(user),
      /** the locally stored user record of the client logger (SPEC section 3 'Log entry') */
      userId: user?.id ?? null,
      tagManagerId,
      toast,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/**
 * A quote submission changes nothing the root shows (no sign-in, no toast), so on the way to its
 * confirmation only the confirmation loads: a failure to load it is the confirmation's to tell
 * ('...but your submission was successful'), not the root's error page. A submit that got no
 * answer (`SubmitFailure`) reloads nothing either: the network is what failed.
 */
export function shouldRevalidate({
  formMethod,
  nextUrl,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (isSubmitFailure(actionResult)) return false;
  if (formMethod && nextUrl.pathname === "/quotes/confirmation") return false;
  return defaultShouldRevalidate;
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
        <Header account={root?.account ?? null} contact={root?.contact ?? null} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer account={root?.account ?? null} contact={root?.contact ?? null} />
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
        page: pathWithoutToken(window.location.pathname),
      });
    const onRejection = (event: PromiseRejectionEvent) =>
      clientLog.error("performance", "Unhandled promise rejection", {
        reason: String(event.reason).slice(0, 500),
        page: pathWithoutToken(window.location.pathname),
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
  const notFound = isNotFound(error);
  useEffect(() => {
    if (notFound) return;
    clientLog.error("performance", "Page failed to render", {
      status: isRouteErrorResponse(error) ? error.status : null,
      error: error instanceof Error ? error.message.slice(0, 500) : null,
      page: pathWithoutToken(window.location.pathname),
    });
  }, [error, notFound]);
  return (
    <ErrorPage
      error={error}
      notFound={{
        title: "Page not found",
        message: "We could not find the page you were looking for. It may have moved.",
      }}
      failed="We could not complete your request. Please try again in a moment."
    />
  );
}
