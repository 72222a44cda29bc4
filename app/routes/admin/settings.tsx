import { data, Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Alert, Field, Input } from "~/components/ui/form-controls";
import { serviceId } from "~/features/catalog/services";
import {
  followUpSettings,
  followUpSettingsSchema,
  saveFollowUpSettings,
} from "~/features/estimates/follow-ups.server";
import {
  depositSettings,
  depositSettingsSchema,
  saveDepositSettings,
} from "~/features/invoices/settings.server";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/settings";

/**
 * The company's settings: the deposit asked at acceptance, per service, and the days after
 * sending an estimate that its two follow-ups go.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [deposits, followUps] = await Promise.all([depositSettings(), followUpSettings()]);
  return {
    followUps: { first: String(followUps.firstDays), second: String(followUps.secondDays) },
    deposits: serviceId.options.map((o) => ({
      service: o.value,
      label: o.label,
      percent: String(deposits[o.value] / 100),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = Object.fromEntries(
    [...(await request.formData()).entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]),
  );
  if (form.intent === "follow-ups") {
    const days = followUpSettingsSchema.safeParse(form);
    if (!days.success) {
      const errors: Record<string, string> = {};
      for (const issue of days.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return data({ errors, form: "follow-ups" as const }, 400);
    }
    await saveFollowUpSettings({
      firstDays: days.data.followUpFirstDays,
      secondDays: days.data.followUpSecondDays,
    });
    return redirectWithToast("/admin/settings", {
      type: "success",
      title: "Settings saved",
      description: "Estimates sent from now on are followed up after these days.",
    });
  }
  const parsed = depositSettingsSchema.safeParse(form);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] = issue.message;
    return data({ errors, form: "deposits" as const }, 400);
  }
  await saveDepositSettings(
    Object.fromEntries(serviceId.values.map((s) => [s, parsed.data[`deposit_${s}`]])),
  );
  return redirectWithToast("/admin/settings", {
    type: "success",
    title: "Settings saved",
    description: "New acceptances ask for these deposits.",
  });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Settings", "Company settings.");
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string> = actionData?.form === "deposits" ? actionData.errors : {};
  const followUpErrors: Record<string, string> =
    actionData?.form === "follow-ups" ? actionData.errors : {};
  return (
    <div className="max-w-xl space-y-6">
      <h2 className="text-2xl font-bold text-slate-900">Settings</h2>
      <Form method="post" className="space-y-4" aria-labelledby="deposits-title">
        <h3 id="deposits-title" className="text-lg font-semibold">
          Deposit at acceptance
        </h3>
        <p className="text-sm text-slate-700">
          The share of the accepted option's total invoiced when a homeowner accepts an estimate; 0
          asks for no deposit.
        </p>
        {Object.keys(errors).length > 0 && <Alert>Check the percentages below.</Alert>}
        {loaderData.deposits.map((d) => (
          <Field
            key={d.service}
            id={`deposit_${d.service}`}
            label={`${d.label} deposit (%)`}
            errors={
              errors[`deposit_${d.service}`]
                ? [errors[`deposit_${d.service}`] as string]
                : undefined
            }
          >
            {(control) => (
              <Input
                {...control}
                name={`deposit_${d.service}`}
                inputMode="decimal"
                defaultValue={d.percent}
                className="max-w-32"
              />
            )}
          </Field>
        ))}
        <Button type="submit">Save settings</Button>
      </Form>
      <Form method="post" className="space-y-4" aria-labelledby="follow-ups-title">
        <input type="hidden" name="intent" value="follow-ups" />
        <h3 id="follow-ups-title" className="text-lg font-semibold">
          Estimate follow-ups
        </h3>
        <p className="text-sm text-slate-700">
          A sent estimate that is neither accepted, declined nor expired is followed up by mail (and
          by text when the homeowner agreed to texts) this many days after it was sent.
        </p>
        {Object.keys(followUpErrors).length > 0 && <Alert>Check the days below.</Alert>}
        {(
          [
            [
              "followUpFirstDays",
              "First follow-up (days after sending)",
              loaderData.followUps.first,
            ],
            [
              "followUpSecondDays",
              "Second follow-up (days after sending)",
              loaderData.followUps.second,
            ],
          ] as const
        ).map(([name, label, value]) => (
          <Field
            key={name}
            id={name}
            label={label}
            errors={followUpErrors[name] ? [followUpErrors[name] as string] : undefined}
          >
            {(control) => (
              <Input
                {...control}
                name={name}
                inputMode="numeric"
                defaultValue={value}
                className="max-w-32"
              />
            )}
          </Field>
        ))}
        <Button type="submit">Save follow-ups</Button>
      </Form>
    </div>
  );
}
