import { data, Form, href } from "react-router";
import { z } from "zod";
import { BackLink } from "~/components/ui/back-link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Alert } from "~/components/ui/form-controls";
import { changeAdminRights } from "~/features/accounts/admins.server";
import { CustomerProperties, CustomerQuotes } from "~/features/admin/customer-detail";
import { getCustomer } from "~/features/admin/customers.server";
import { orNA } from "~/features/admin/format";
import { serviceId } from "~/features/catalog/services";
import { referenceNumber } from "~/features/quotes/reference";
import { formatDateTime } from "~/lib/dates";
import { accountIdParam } from "~/lib/ids";
import { logSecurityEventFor } from "~/lib/security-log.server";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/customer";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const id = accountIdParam(params.id);
  const customer = await getCustomer(id);
  if (!customer) throw data(null, { status: 404 });
  return {
    id: customer.id,
    name: orNA(customer.full_name),
    email: customer.email,
    emailVerified: customer.email_verified,
    twoFactor: customer.two_factor === true,
    joined: formatDateTime(customer.joined_at),
    isAdmin: customer.is_admin,
    isSelf: customer.id === admin.id,
    properties: customer.properties.map((p) => ({
      id: p.id,
      line: `${p.address}, ${p.city}, ${p.state} ${p.zip_code}`,
    })),
    quotes: customer.quotes.map((q) => ({
      id: q.id,
      reference: referenceNumber(q.id),
      service: serviceId.label(q.service),
      description: q.description,
      status: q.current_status,
      date: formatDateTime(q.created_at),
    })),
  };
}

const adminChangeSchema = z.object({ intent: z.enum(["grant", "revoke"]) });

/** Grants or revokes admin rights (never one's own); logged with who and when. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = accountIdParam(params.id);
  const parsed = adminChangeSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Choose to grant or revoke admin rights." }, 400);
  const grant = parsed.data.intent === "grant";
  const outcome = await changeAdminRights(admin.id, id, grant);
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404 });
    return data({ error: outcome.message }, outcome.status);
  }
  logSecurityEventFor(context, grant ? "admin.grant" : "admin.revoke", {
    userId: id,
    grantedBy: admin.id,
    at: new Date().toISOString(),
  });
  return redirectWithToast(href("/admin/customers/:id", { id }), {
    type: "success",
    title: grant ? "Admin rights granted" : "Admin rights revoked",
    description: `${outcome.email} is ${grant ? "now an admin" : "no longer an admin"}.`,
  });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Customer", "One customer.");
}

export default function AdminCustomer({ loaderData: c, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <BackLink to={href("/admin/customers")}>Back to customers</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">{c.name}</h2>
        <Badge tone={c.isAdmin ? "info" : "neutral"}>{c.isAdmin ? "Admin" : "User"}</Badge>
      </div>
      <TitledCard title="Profile" as="h3">
        <dl className="grid gap-y-2 sm:grid-cols-[12rem_1fr]">
          <dt className="font-medium text-slate-700">Name</dt>
          <dd>{c.name}</dd>
          <dt className="font-medium text-slate-700">Email</dt>
          <dd>
            <a href={`mailto:${c.email}`} className="text-brand-800 underline">
              {c.email}
            </a>{" "}
            {c.emailVerified ? "(verified)" : "(not verified)"}
          </dd>
          <dt className="font-medium text-slate-700">ID</dt>
          <dd className="font-mono text-xs">{c.id}</dd>
          <dt className="font-medium text-slate-700">Join Date</dt>
          <dd>{c.joined}</dd>
          <dt className="font-medium text-slate-700">Two-factor</dt>
          <dd>{c.twoFactor ? "On" : "Off"}</dd>
        </dl>
      </TitledCard>
      <TitledCard title="Admin rights" as="h3" bodyClassName="space-y-3">
        {actionData?.error && <Alert>{actionData.error}</Alert>}
        {c.isSelf ? (
          <p>You cannot change your own admin rights.</p>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value={c.isAdmin ? "revoke" : "grant"} />
            <Button type="submit" variant={c.isAdmin ? "destructive" : "default"}>
              {c.isAdmin ? "Revoke admin rights" : "Grant admin rights"}
            </Button>
          </Form>
        )}
      </TitledCard>
      <CustomerProperties properties={c.properties} />
      <CustomerQuotes quotes={c.quotes} />
    </div>
  );
}
