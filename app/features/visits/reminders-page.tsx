/** The reminders form (status link and account pages): which reminders the homeowner gets. */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Alert, Checkbox, Field, Select } from "~/components/ui/form-controls";
import type { RemindersView } from "./reminders.server";

export function RemindersForm({
  view,
  errors,
}: {
  view: RemindersView;
  errors?: Partial<Record<"filterType" | "form", string[]>> | undefined;
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
                defaultChecked={option.on}
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
                  <Select {...control} name="filterType" defaultValue={view.filterType ?? ""}>
                    <option value="">Select your filter type</option>
                    {view.filterTypes.map((type) => (
                      <option key={type.value} value={type.value}>
                        {type.label}
                      </option>
                    ))}
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
