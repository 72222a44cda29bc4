import { data, href, redirect } from "react-router";
import { listProperties } from "~/features/accounts/properties.server";
import { serviceBySlug } from "~/features/catalog/services";
import {
  confirmationCookieHeader,
  receivedCookieHeader,
} from "~/features/quotes/confirmation.server";
import { quoteForms } from "~/features/quotes/forms";
import { savedPhone } from "~/features/quotes/prefill.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import {
  isSubmitFailure,
  skipRevalidationAfterSubmitFailure,
  submitKeepingAnswers,
} from "~/features/quotes/submit-failure";
import { SCRIPTS_AFTER_PAINT } from "~/lib/page-scripts";
import { requestContext } from "~/lib/request-context";
import { logSecurityEventFor } from "~/lib/security-log.server";
import { pageMeta } from "~/lib/seo";
import { currentUser, type SessionUser, safeRedirect } from "~/lib/session.server";
import type { Route } from "./+types/request";

/** the public page paints before its scripts load (lib/page-scripts.ts) */
export const handle = SCRIPTS_AFTER_PAINT;

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

/**
 * Prefill for a signed-in customer: name from the profile, email from the account, the phone of
 * their latest request, and their properties with each one's ZIP (choosing one fills it in).
 */
async function customerDefaults(user: SessionUser) {
  const [firstName = "", ...rest] = (user.fullName ?? "").trim().split(/\s+/);
  const [properties, phone] = await Promise.all([listProperties(user.id), savedPhone(user.id)]);
  return {
    contact: { firstName, lastName: rest.join(" "), email: user.email, phone },
    properties: properties.map((p) => ({
      value: p.id,
      label: `${p.address}, ${p.city}, ${p.state} ${p.zip_code}`,
    })),
    propertyZips: Object.fromEntries(properties.map((p) => [p.id, p.zip_code])),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const service = serviceOr404(params.service);
  const userId = currentUser(context)?.id ?? null;
  const outcome = await submitQuoteRequest(service.id, await request.formData(), {
    clientIp: context.get(requestContext).clientIp,
    owner: { userId },
  });
  if (outcome.ok === true) {
    return redirect(href("/quotes/confirmation"), {
      headers: { "Set-Cookie": await confirmationCookieHeader(outcome.quoteId) },
    });
  }
  // a dropped bot post sees the same page, without a quote to show
  if (outcome.ok === "dropped") {
    return redirect(href("/quotes/confirmation"), {
      headers: { "Set-Cookie": await receivedCookieHeader() },
    });
  }
  if (outcome.status === 429) {
    logSecurityEventFor(context, "rate_limit.hit", { limit: "quote", userId }, "warn");
  }
  return data(outcome.result, { status: outcome.status });
}

/**
 * In the browser: a submit that gets no answer (network down, server unreachable) keeps the form
 * and its answers, and the form shows the SPEC's failure toasts (features/quotes/submit-failure.ts).
 */
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitKeepingAnswers(serverAction);
}

/** After a submit that got no answer nothing is reloaded: the form stays as it is. */
export const shouldRevalidate = skipRevalidationAfterSubmitFailure;

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
  const failure = isSubmitFailure(actionData) ? actionData : null;
  const lastResult = isSubmitFailure(actionData) ? undefined : actionData;
  return (
    <QuoteForm
      key={service.id}
      service={service}
      lastResult={lastResult}
      submitFailedAt={failure?.at ?? null}
      backHref={loaderData.backHref}
      customer={loaderData.customer}
    />
  );
}
