import { ArrowLeft } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";

/**
 * The frame of every sign-in page: Back to Home, a titled card, and the form's error in an alert
 * that takes focus when it appears (also without JavaScript, through autofocus), and an optional
 * notice above the form (e.g. that the session has ended).
 */
export function AuthCard({
  title,
  description,
  error,
  notice,
  children,
  footer,
}: {
  title: string;
  description: ReactNode;
  error?: string | null;
  notice?: string | null;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Button asChild variant="ghost" size="sm" className="mb-6">
        <Link to={href("/")}>
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
      </Button>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          {error && (
            <div
              ref={errorRef}
              tabIndex={-1}
              role="alert"
              // biome-ignore lint/a11y/noAutofocus: with JavaScript off this is how focus reaches the error
              autoFocus
              className="mb-4 rounded-md border-2 border-error bg-error-subtle p-3 text-sm font-medium text-error-strong"
            >
              {error}
            </div>
          )}
          {notice && !error && (
            <p
              role="status"
              className="mb-4 rounded-md border-2 border-amber-700 bg-amber-50 p-3 text-sm font-medium text-amber-900"
            >
              {notice}
            </p>
          )}
          {children}
          {footer && <div className="mt-6 text-center text-sm text-slate-700">{footer}</div>}
        </CardContent>
      </Card>
    </div>
  );
}
