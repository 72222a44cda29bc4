import { randomUUID } from "node:crypto";
import { text } from "node:stream/consumers";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "~/components/layout/nonce";
import { dailyRetentionPurge } from "~/features/accounts/retention.server";
import { blogPageETag, ifNoneMatchHits } from "~/features/blog/etag.server";
import { seedBlogArticles } from "~/features/blog/seed.server";
import { moveLegacyUploads } from "~/features/blog/uploads.server";
import { queueDueFollowUps } from "~/features/estimates/follow-ups.server";
import { seedPriceBook } from "~/features/estimates/seed.server";
import { invoiceCompletedJobs } from "~/features/invoices/job-completion.server";
// register the outbox's drawers of receipt and completion report PDFs, drawn when their mail is
// sent (decision 0265)
import "~/features/invoices/payments.server";
import "~/features/jobs/report-mail.server";
import { queueOverdueReminders } from "~/features/invoices/reminders.server";
import { startUploadSweeper } from "~/features/quotes/files.server";
import { SubmissionKeyContext } from "~/features/quotes/submission-key";
import { queueDueReminders } from "~/features/visits/reminders.server";
import { loggableUrl, logger } from "~/lib/logger.server";
import { pageScriptsStream } from "~/lib/module-preloads.server";
import { wantsScriptsAfterPaint } from "~/lib/page-scripts";
import {
  cachedRender,
  FORM_KEY_PLACEHOLDER,
  NONCE_PLACEHOLDER,
  renderCacheKey,
  storeRender,
  withNonce,
} from "~/lib/render-cache.server";
import { requestInfo } from "~/lib/request-context";
import {
  startServices as startLibServices,
  stopServices as stopLibServices,
} from "~/lib/services.server";
import { currentUser } from "~/lib/session.server";

export {
  hasMetricsToken,
  metricsSettings,
  metricsText,
  NO_ROUTE,
  observeRequest,
} from "~/lib/metrics.server";
// server.ts reads these from the build (one context key object on both sides: DESIGN section 8)
export { refuseCrossSiteMutations } from "~/lib/origin.server";
export { endLiveStreams } from "~/lib/realtime.server";
export { requestContext } from "~/lib/request-context";
export { beginShutdown, databaseHealth, serverSettings } from "~/lib/services.server";

let stopUploadSweeper = () => {};
let stopInvoicingJobs = () => {};

/**
 * The lib's start-up (configuration, database, migrations, outbox with the due reminders of
 * features/visits/reminders.server.ts, the overdue invoices' of features/invoices and the
 * estimate follow-ups of features/estimates/follow-ups.server.ts queued before each round, and once a day the purge of
 * closed accounts' records whose retention ended, features/accounts/retention.server.ts), blog
 * images of older versions moved into the file storage, first-run content, and the hourly sweep
 * of quote uploads no quote carries (features/quotes/files.server.ts). A job's completion
 * makes its final invoice (features/invoices/job-completion.server.ts).
 */
export async function startServices(): Promise<void> {
  stopInvoicingJobs();
  stopInvoicingJobs = invoiceCompletedJobs();
  const retentionPurge = dailyRetentionPurge();
  await startLibServices({
    scheduled: async (now) => {
      await retentionPurge(now);
      return (
        (await queueDueReminders(now)) +
        (await queueOverdueReminders(now)) +
        (await queueDueFollowUps(now))
      );
    },
  });
  await moveLegacyUploads();
  await seedBlogArticles();
  await seedPriceBook();
  stopUploadSweeper = startUploadSweeper();
}

/** Stops the upload sweep, then the lib's services (outbox worker, database). */
export async function stopServices(): Promise<void> {
  stopUploadSweeper();
  await stopLibServices();
}

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const etag = blogPageETag(
    request,
    responseStatusCode,
    routerContext.staticHandlerContext.loaderData,
    routerContext.manifest.version,
  );
  if (etag) {
    responseHeaders.set("ETag", etag);
    // the page shows the signed-in state: revalidate every time, never in a shared cache
    if (!responseHeaders.has("Cache-Control"))
      responseHeaders.set("Cache-Control", "private, no-cache");
    if (ifNoneMatchHits(request.headers.get("If-None-Match"), etag)) {
      return new Response(null, { status: 304, headers: responseHeaders });
    }
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // prerendered pages (build time) have no request and no nonce: server.ts allows their inline
  // scripts by hash instead
  const info = requestInfo(loadContext);
  const nonce = info?.nonce;

  const { loaderData, actionData, errors } = routerContext.staticHandlerContext;
  const cacheKey =
    info &&
    renderCacheKey({
      request,
      status: responseStatusCode,
      headers: responseHeaders,
      version: routerContext.manifest.version,
      loaderData,
      actionData,
      errors,
      signedIn: currentUser(loadContext) !== null,
    });
  if (cacheKey && info) {
    return renderOnce(cacheKey, request, routerContext).then((html) => {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      return new Response(withNonce(html, info.nonce), {
        headers: responseHeaders,
        status: responseStatusCode,
      });
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || !info
        ? "onAllReady"
        : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce ?? ""}>
        <SubmissionKeyContext value={randomUUID()}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </SubmissionKeyContext>
      </NonceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = pageScriptsStream(scriptsOf(routerContext), () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger().error({ err: error }, "streaming render error");
        },
      },
    );
  });
}

/** How the page's scripts load: after its first paint when one of its routes asks for it. */
function scriptsOf(routerContext: EntryContext) {
  return {
    afterPaint: routerContext.staticHandlerContext.matches.some((match) =>
      wantsScriptsAfterPaint(match.route.handle),
    ),
  };
}

/**
 * The whole page for a visitor without a session, from the render cache or rendered now with the
 * placeholder nonce (and kept, unless React reported an error).
 */
async function renderOnce(key: string, request: Request, routerContext: EntryContext) {
  const cached = cachedRender(key);
  if (cached !== undefined) return cached;
  let failed = false;
  const html = await new Promise<string>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={NONCE_PLACEHOLDER}>
        <SubmissionKeyContext value={FORM_KEY_PLACEHOLDER}>
          <ServerRouter context={routerContext} url={request.url} nonce={NONCE_PLACEHOLDER} />
        </SubmissionKeyContext>
      </NonceContext>,
      {
        nonce: NONCE_PLACEHOLDER,
        onAllReady() {
          clearTimeout(timeoutId);
          const body = pageScriptsStream(scriptsOf(routerContext));
          pipe(body);
          resolve(text(body));
        },
        onShellError: reject,
        onError(error: unknown) {
          failed = true;
          logger().error({ err: error }, "render error");
        },
      },
    );
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
  });
  if (!failed) storeRender(key, html);
  return html;
}

/**
 * Logs unexpected loader/action errors once, without sending details to the browser; the URL
 * without its query's values (reset and verification tokens travel there).
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger().error(
    { err: error, url: loggableUrl(request.url), method: request.method },
    "request failed",
  );
}
