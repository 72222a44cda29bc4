import { data, redirect } from "react-router";
import { listProperties } from "~/features/accounts/properties.server";
import { serviceBySlug } from "~/features/catalog/services";
import { confirmationCookieHeader } from "~/features/quotes/confirmation.server";
import { quoteForms } from "~/features/quotes/forms";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { requestContext } from "~/lib/request-context";
import { logSecurityEventFor } from "~/lib/security-log.server";
import { pageMeta } from "~/lib/seo";
import { currentUser, type SessionUser, safeRedirect } from "~/lib/session.server";
import type { Route } from "./+types/request";

function serviceOr404(slug: string) {
  const service = serviceBySlug(slug);
  if (!service) throw data(null, { status: 404 });
  return service;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const service = serviceOr404(params.service);
  const user = currentUser(context);
  const back = safeRedirect(request.headers.get("Referer"));
  const backHref =
    back && new URL(back, request.url).pathname !== service.quoteHref ? back : service.href;
  const customer = user ? await customerDefaults(user) : undefined;
  return { slug: service.slug, backHref, customer };
}

/** Prefill for a signed-in customer: name from the profile, email from the account, properties. */
async function customerDefaults(user: SessionUser) {
  const [firstName = "", ...rest] = (user.fullName ?? "").trim().split(/\s+/);
  const properties = await listProperties(user.id);
  return {
    contact: { firstName, lastName: rest.join(" "), email: user.email },
    properties: properties.map((p) => ({
      value: p.id,
      label: `${p.address}, ${p.city}, ${p.state} ${p.zip_code}`,
    })),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const service = serviceOr404(params.service);
  const userId = currentUser(context)?.id ?? null;
  const outcome = await submitQuoteRequest(service.id, await request.formData(), {
    clientIp: context.get(requestContext).clientIp,
    owner: { userId },
  });
  if (outcome.status === 429) {
    logSecurityEventFor(context, "rate_limit.hit", { limit: "quote", userId }, "warn");
  }
  switch (outcome.status) {
    case 201:
      return redirect("/quotes/confirmation", {
        headers: { "Set-Cookie": await confirmationCookieHeader(outcome.quoteId) },
      });
    case 202:
      return redirect("/quotes/confirmation");
    default:
      return data(outcome.result, { status: outcome.status });
  }
}

export function meta(args: Route.MetaArgs) {
  const service = serviceBySlug(args.params.service);
  if (!service) return [{ title: "Page not found" }];
  return pageMeta(args, {
    title: `Free ${service.title} Quote`,
    description: `${service.formSubtitle}. Request a free ${service.title.toLowerCase()} quote in Utah - no account needed.`,
  });
}

export default function QuoteRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const service = serviceBySlug(loaderData.slug)!;
  const QuoteForm = quoteForms[service.id];
  return (
    <QuoteForm
      key={service.id}
      service={service}
      lastResult={actionData}
      backHref={loaderData.backHref}
      customer={loaderData.customer}
    />
  );
}
