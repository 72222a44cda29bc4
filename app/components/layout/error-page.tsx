import { isRouteErrorResponse, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { documentTitle } from "~/features/catalog/company";

/** What an error page says in one case: its heading and one sentence. */
export interface ErrorCopy {
  title: string;
  message: string;
}

/** Whether a route error is a 404 (a missing page or item), as opposed to a failure. */
export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/**
 * The plain sentence a refusal of the request itself carries (too large, unreadable, a database
 * outage: a 4xx other than 404, or a 503, thrown with a text body), or null.
 */
function refusalOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || isNotFound(error)) return null;
  if (error.status >= 500 && error.status !== 503) return null;
  return typeof error.data === "string" && error.data ? error.data : null;
}

/** What an ErrorPage shows besides the error: its words and where it leads. */
export interface ErrorPageWords {
  notFound: ErrorCopy;
  failed: ErrorCopy | string;
  back?: { to: string; label: string };
}

type ErrorPageProps = ErrorPageWords & { error: unknown };

/** The heading of every failure that is not a 404 (a route may name its own). */
const FAILED_TITLE = "Something went wrong";

/** Where an error page leads when the route names nowhere nearer: the home page. */
const HOME = { to: "/", label: "Return Home" } as const;

/**
 * The one error page of the site, for every route's ErrorBoundary: the status code, a heading and
 * a sentence (`notFound` for a 404, `failed` for anything else: a plain string is the sentence
 * under the heading "Something went wrong"), a link `back` to where the visitor can go on (the
 * home page unless given), and the document title `<heading> | <company>`.
 */
export function ErrorPage({ error, notFound, failed, back = HOME }: ErrorPageProps) {
  const failure = typeof failed === "string" ? { title: FAILED_TITLE, message: failed } : failed;
  const copy = isNotFound(error)
    ? notFound
    : { ...failure, message: refusalOf(error) ?? failure.message };
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{documentTitle(copy.title)}</title>
      <p className="text-sm font-semibold text-brand-800">
        {isRouteErrorResponse(error) ? error.status : 500}
      </p>
      <h1 className="mt-2 text-3xl font-bold">{copy.title}</h1>
      <p className="mt-4 text-slate-700">{copy.message}</p>
      <Button asChild className="mt-8">
        <Link to={back.to}>{back.label}</Link>
      </Button>
    </div>
  );
}

/**
 * A route's ErrorBoundary: the ErrorPage with that route's `words` (a 404's heading and sentence,
 * a failure's sentence, the link back), for `export const ErrorBoundary = errorBoundary({...})`.
 */
export function errorBoundary(words: ErrorPageWords) {
  // biome-ignore lint/correctness/noComponentHookFactories: a route calls it once, at module level
  return function ErrorBoundary({ error }: { error: unknown }) {
    return <ErrorPage error={error} {...words} />;
  };
}
