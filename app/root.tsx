import { useEffect } from "react";
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
} from "react-router";
import { toast } from "sonner";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { useNonce } from "~/components/layout/nonce";
import { Button } from "~/components/ui/button";
import { Toaster } from "~/components/ui/toaster";
import { isBlogListPath } from "~/features/blog/paging";
import { PostCardSkeletons } from "~/features/blog/post-card";
import { env } from "~/lib/env.server";
import { isSameOriginMutation } from "~/lib/origin.server";
import { currentUser, sessionMiddleware } from "~/lib/session.server";
import { type FlashToast as FlashToastData, takeToast } from "~/lib/toast.server";
import type { Route } from "./+types/root";
import "./app.css";

/** Refuses cross-site mutations before any action runs (CSRF defence, DESIGN section 5). */
const sameOriginOnly: MiddlewareFunction<Response> = ({ request }) => {
  if (!isSameOriginMutation(request)) {
    throw new Response("This request came from another site and was refused.", { status: 403 });
  }
};

export const middleware: Route.MiddlewareFunction[] = [sameOriginOnly, sessionMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const { toast, clear } = await takeToast(request);
  return data(
    {
      publicUrl: env().PUBLIC_URL,
      signedIn: user !== null,
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
    <noscript>
      <div
        role="status"
        className="border-b border-brand-100 bg-brand-50 px-4 py-3 text-center text-sm"
      >
        <strong>{flash.title}</strong> {flash.description}
      </div>
    </noscript>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
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

export default function App({ loaderData }: Route.ComponentProps) {
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
