/**
 * The profile's 'Sign-in methods': the password (a form to set one when the account has none),
 * each linked identity with its provider, email and date ('Disconnect'), and 'Connect {name}'
 * for each configured provider not linked yet. Plain forms posting `intent` to the profile.
 */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Alert, Field, Input } from "~/components/ui/form-controls";
import { RowActionForm } from "~/components/ui/row-action-form";
import type { SignInMethod, SignInProvider } from "./providers";

export function SignInMethods({
  methods,
  providers,
  companyAccount = false,
  error,
}: {
  /** dates already formatted in America/Denver */
  methods: SignInMethod<string>[];
  providers: SignInProvider[];
  /** an SSO_DOMAINS account: no provider to connect; a password only confirms security changes */
  companyAccount?: boolean;
  error?: string;
}) {
  const hasPassword = methods.some((method) => method.kind === "password");
  const linked = new Set(methods.flatMap((m) => (m.kind === "identity" ? [m.provider] : [])));
  const connectable = providers.filter((provider) => !linked.has(provider.id));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Sign-in Methods</CardTitle>
        <CardDescription>The ways you can sign in to this account.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {error && <Alert>{error}</Alert>}
        <ul className="divide-y divide-slate-200">
          {methods.map((method) =>
            method.kind === "password" ? (
              <li key={method.id} className="py-3">
                <p className="font-medium">Password</p>
                <p className="text-sm text-slate-600">Set {method.createdAt}</p>
              </li>
            ) : (
              <li
                key={method.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div className="min-w-0">
                  <p className="font-medium">{method.providerName}</p>
                  <p className="text-sm text-slate-600 wrap-anywhere">
                    {method.email ?? "No email shared"} · connected {method.createdAt}
                  </p>
                </div>
                <RowActionForm
                  intent="disconnect-provider"
                  fields={{ identityId: method.id }}
                  label={`Disconnect ${method.providerName}`}
                >
                  Disconnect
                </RowActionForm>
              </li>
            ),
          )}
        </ul>
        {connectable.map((provider) => (
          <Form key={provider.id} method="post" reloadDocument>
            <input type="hidden" name="intent" value="connect-provider" />
            <input type="hidden" name="provider" value={provider.id} />
            <Button type="submit" variant="outline">
              Connect {provider.name}
            </Button>
          </Form>
        ))}
        {companyAccount && (
          <p className="text-sm text-slate-700">You sign in with your company account.</p>
        )}
        {!hasPassword && (
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="set-password" />
            <Field
              id="set-password"
              label="Set a password"
              required
              description={
                companyAccount
                  ? "At least 8 characters. It only confirms security changes such as two-factor."
                  : "At least 8 characters."
              }
            >
              {(control) => (
                <Input
                  {...control}
                  name="newPassword"
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={8}
                  maxLength={128}
                />
              )}
            </Field>
            <Button type="submit">Set Password</Button>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
