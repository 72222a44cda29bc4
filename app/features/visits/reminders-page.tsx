/** The reminders form (status link and account pages): which reminders the homeowner gets. */
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Alert, Checkbox, Field, Select, SelectOptions } from "~/components/ui/form-controls";
import { type MetaArgsLike, pageMeta } from "~/lib/seo";
import type { RemindersView } from "./reminders.server";
import type { PostedReminders } from "./reminders-route.server";
import { TaskFrame } from "./task-frame";

export function RemindersForm({
  view,
  errors,
  posted,
}: {
  view: RemindersView;
  errors?: Partial<Record<"filterType" | "form", string[]>> | undefined;
  /** what a refused post carried, shown again instead of what is saved */
  posted?: PostedReminders;
}) {
  const summary = [...(errors?.form ?? []), ...(errors?.filterType ?? [])];
  return (
    <Form method="post" className="mt-6 space-y-6" noValidate>
      {summary.length > 0 && (
        <Alert>
          <p>Please correct the following:</p>
          <ul className="mt-1 list-disc pl-5">
            {summary.map((message) => (
              <li key={message}>
                {errors?.filterType?.includes(message) ? (
                  <a href="#filterType" className="underline">
                    {message}
                  </a>
                ) : (
                  message
                )}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Remind me of</legend>
        {view.options.map((option) => (
          <div key={option.kind} className="rounded-md border border-slate-200 p-4">
            <label
              htmlFor={`reminder-${option.kind}`}
              className="flex items-start gap-3 font-medium text-slate-900"
            >
              <Checkbox
                id={`reminder-${option.kind}`}
                name={option.kind}
                value="on"
                defaultChecked={posted ? posted.kinds.includes(option.kind) : option.on}
                className="mt-1"
                aria-describedby={`${option.kind}-description`}
              />
              <span>{option.label}</span>
            </label>
            <div id={`${option.kind}-description`} className="mt-1 pl-7 text-sm text-slate-700">
              <p>{option.description}</p>
              {option.next && <p className="mt-1">Next reminder: {option.next}</p>}
              {option.source && (
                <p className="mt-1">
                  Source:{" "}
                  <a href={option.source.url} className="underline" rel="noopener noreferrer">
                    {option.source.publisher}, {option.source.title}
                  </a>
                </p>
              )}
            </div>
            {option.kind === "filter_change" && view.filterTypes.length > 0 && (
              <Field
                id="filterType"
                label="Your filter type"
                errors={errors?.filterType}
                className="mt-3 pl-7"
              >
                {(control) => (
                  <Select
                    {...control}
                    name="filterType"
                    defaultValue={posted?.filterType ?? view.filterType ?? ""}
                  >
                    <SelectOptions options={view.filterTypes} empty="Select your filter type" />
                  </Select>
                )}
              </Field>
            )}
          </div>
        ))}
      </fieldset>
      <p className="text-sm text-slate-700">
        Every reminder email has a link to stop it; no sign-in needed.
      </p>
      <Button type="submit">Save reminders</Button>
    </Form>
  );
}

/** The title and description of every reminders page (a route's `meta`): a private page, never indexed. */
export function remindersPageMeta(args: MetaArgsLike) {
  return pageMeta(args, {
    title: "Your Reminders",
    description: "Choose the reminders you get.",
    noIndex: true,
  });
}

/**
 * The whole reminders page (heading, the request's reference, the form and a link `back`), for
 * the status link route or, `inAccount`, inside the account layout.
 */
export function RemindersPage({
  view,
  errors,
  posted,
  back,
  inAccount = false,
}: {
  view: RemindersView;
  errors?: Partial<Record<"filterType" | "form", string[]>> | undefined;
  posted?: PostedReminders;
  back: { to: string; label: string };
  inAccount?: boolean;
}) {
  return (
    <TaskFrame title="Your reminders" inAccount={inAccount} width="max-w-2xl">
      <p className="mt-2 text-slate-700">Request {view.reference}</p>
      <RemindersForm view={view} errors={errors} posted={posted} />
      <p className="mt-6">
        <Link to={back.to} className="underline">
          {back.label}
        </Link>
      </p>
    </TaskFrame>
  );
}
