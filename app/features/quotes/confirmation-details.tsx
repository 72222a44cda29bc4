import { href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { QuoteStatusProgress } from "./status-progress";

/**
 * The confirmation page's details of a stored quote: its reference number and when it was
 * submitted, then its status progress for the signed-in owner (`status`), or, for anyone else
 * (`status` null), the SPEC's 'Track Your Quote' offer to create an account or sign in.
 */
export function ConfirmationDetails({
  reference,
  submittedAt,
  status,
}: {
  reference: string;
  submittedAt: string;
  status: string | null | undefined;
}) {
  return (
    <>
      <Card className="mt-8">
        <CardContent className="pt-6">
          <dl className="grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-slate-600">Reference Number</dt>
              <dd className="mt-1 font-mono text-2xl font-bold tracking-wider">{reference}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Submitted</dt>
              <dd className="mt-1 font-medium">{submittedAt}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      {status ? (
        <Card className="mt-6">
          <CardContent className="pt-6">
            <QuoteStatusProgress status={status} />
          </CardContent>
        </Card>
      ) : (
        <Card tone="brand" className="mt-6">
          <CardHeader>
            <CardTitle>Track Your Quote</CardTitle>
            <p className="text-sm text-slate-700">
              Create an account with the same email address to follow your request&apos;s status.
            </p>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to={href("/auth/signup")}>Create Account</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={href("/auth/signin")}>Sign In</Link>
            </Button>
          </CardContent>
        </Card>
      )}
    </>
  );
}
