/**
 * 'Continue with {provider}': one plain form per configured provider, posting to /auth/provider,
 * which answers with the redirect to the provider (works without JavaScript).
 */
import { Form, href } from "react-router";
import { Button } from "~/components/ui/button";
import type { SignInProvider } from "./providers";

/** The provider buttons and an 'or' divider; nothing at all when no provider is configured. */
export function ProviderButtons({
  providers,
  redirectTo,
}: {
  providers: SignInProvider[];
  redirectTo: string | null;
}) {
  if (providers.length === 0) return null;
  return (
    <div className="mb-6 space-y-3">
      {providers.map((provider) => (
        <Form key={provider.id} method="post" action={href("/auth/provider")} reloadDocument>
          <input type="hidden" name="provider" value={provider.id} />
          {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
          <Button type="submit" variant="outline" className="w-full">
            Continue with {provider.name}
          </Button>
        </Form>
      ))}
      <p className="flex items-center gap-3 text-sm text-slate-700" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-300" />
        or
        <span className="h-px flex-1 bg-slate-300" />
      </p>
    </div>
  );
}
