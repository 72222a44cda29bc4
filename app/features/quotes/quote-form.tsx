/**
 * What the three quote forms share: heading, Back link, error summary, honeypot, contact
 * section and a submit button that reads 'Submitting...' and ignores a second submit while busy.
 * Works with JavaScript off: the server answers with the same errors in the same places.
 */
import {
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { ChoiceGroup, SelectField, TextAreaField, TextField } from "~/components/ui/form-controls";
import { toast } from "~/components/ui/toaster";
import { quoteSubmitEvent } from "~/features/analytics/events";
import { bestTime, contactMethod, type EnumOption } from "~/features/catalog/enums";
import type { Service } from "~/features/catalog/services";
import { clientLog } from "~/lib/client-log";
import { type contactSchema, formErrorMessages, HONEYPOT_FIELD, NEW_PROPERTY } from "./schemas";

const CONFORM_INTENT = "__intent__";

export interface QuoteFormProps {
  service: Service;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** where Back goes without JavaScript (the referring page, or the service page) */
  backHref: string;
  /** the signed-in customer: contact details to prefill and properties to choose from */
  customer?: {
    contact: { firstName: string; lastName: string; email: string };
    properties: EnumOption[];
  };
}

/** Conform's form state for one quote schema, validated in the browser by the server's schema. */
export function useQuoteForm<Schema extends z.ZodObject>(
  schema: Schema,
  { service, lastResult, customer }: QuoteFormProps,
  options: { validateOn: "onSubmit" | "onBlur"; defaultValue?: Record<string, unknown> },
) {
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: `${service.slug}-form`,
    lastResult,
    shouldValidate: options.validateOn,
    shouldRevalidate: options.validateOn === "onBlur" ? "onBlur" : "onInput",
    defaultValue: {
      preferredContactMethod: "email",
      bestTimeToContact: "morning",
      newPropertyState: customer ? "UT" : undefined,
      ...customer?.contact,
      ...options.defaultValue,
    } as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

type ContactFields = {
  [K in keyof z.input<typeof contactSchema>]-?: FieldMetadata<unknown>;
};

export function QuoteFormShell({
  service,
  form,
  fields,
  lastResult,
  backHref,
  customer,
  children,
}: QuoteFormProps & {
  form: FormMetadata<Record<string, unknown>, string[]>;
  fields: ContactFields & Record<string, FieldMetadata<unknown>>;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const busy = navigation.state === "submitting" && navigation.formAction === service.quoteHref;
  const summaryRef = useRef<HTMLDivElement>(null);
  const [attempts, setAttempts] = useState(0);

  const fieldErrors = Object.entries(form.allErrors).filter(
    ([name, errors]) => name !== form.name && errors.length > 0,
  );
  const formErrors = form.errors ?? [];
  const headlines = formErrorMessages(
    service.id,
    fieldErrors.map(([name]) => name),
  );
  // The summary reports a submit: it appears after one (browser or server), not on blur.
  const hasErrors =
    (attempts > 0 || lastResult != null) && (fieldErrors.length > 0 || formErrors.length > 0);

  // After a failed submit (browser or server), move focus to the summary and raise one toast.
  // Conform focuses the first invalid field during its own report, so focus is taken back after.
  const reportPending = useRef(false);
  useEffect(() => {
    if (lastResult) reportPending.current = true;
  }, [lastResult]);
  useEffect(() => {
    if (!reportPending.current || !hasErrors) return;
    reportPending.current = false;
    setTimeout(() => summaryRef.current?.focus(), 0);
    // field names and the message only: never what was typed
    const failure = {
      service: service.id,
      fields: fieldErrors.map(([name]) => name),
      status: lastResult?.status ?? null,
      message: formErrors[0] ?? null,
    };
    if (formErrors.length > 0 && fieldErrors.length === 0) {
      clientLog.error("form", "Quote request was not accepted", failure);
    } else {
      clientLog.warn("form", "Quote form has errors", failure);
    }
    if (formErrors.length > 0) {
      toast.error("Error submitting quote", { description: formErrors[0] });
    } else {
      toast.error(headlines[0] ?? "Please correct the highlighted fields");
    }
  });

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <a
        href={backHref}
        onClick={(event) => {
          if (window.history.length > 1) {
            event.preventDefault();
            navigate(-1);
          }
        }}
        className="mb-6 inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back
      </a>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{service.formTitle}</h1>
      <p className="mt-2 text-lg text-slate-700">{service.formSubtitle}</p>
      <p className="mt-1 text-sm text-slate-600">
        Fields marked <span className="text-red-700">*</span> are required.
      </p>

      {hasErrors && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          // biome-ignore lint/a11y/noAutofocus: with JavaScript off this is how focus reaches the errors
          autoFocus
          aria-labelledby="error-summary-title"
          role="alert"
          className="mt-6 rounded-lg border-2 border-red-700 bg-red-50 p-4"
        >
          <h2 id="error-summary-title" className="text-lg font-semibold text-red-800">
            There is a problem with your request
          </h2>
          {[...formErrors, ...headlines].map((message) => (
            <p key={message} className="mt-1 text-sm font-medium text-red-800">
              {message}
            </p>
          ))}
          {fieldErrors.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
              {fieldErrors.map(([name, errors]) => (
                <li key={name}>
                  <a href={`#${fields[name]?.id ?? ""}`} className="text-red-800 underline">
                    {errors[0]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <Form
        method="post"
        action={service.quoteHref}
        {...getFormProps(form)}
        data-analytics-event={quoteSubmitEvent[service.id]}
        data-analytics-label={quoteSubmitEvent[service.id] ? service.id : undefined}
        onSubmitCapture={(event) => {
          // Conform validates a field by submitting with its own intent button: not a real submit
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          if (submitter?.getAttribute("name") === CONFORM_INTENT) return;
          if (busy) {
            event.preventDefault();
            event.stopPropagation();
            return;
          }
          reportPending.current = true;
          setAttempts((n) => n + 1);
        }}
        className="mt-8 space-y-8"
      >
        <div className="hidden" aria-hidden="true">
          <label htmlFor={`${form.id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
          <input
            id={`${form.id}-${HONEYPOT_FIELD}`}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
          />
        </div>

        {children}

        {customer && (
          <FormSection title="Your Property">
            <div className="group space-y-4">
              <SelectField
                meta={fields.propertyId}
                label="Property"
                options={[
                  ...customer.properties,
                  { value: NEW_PROPERTY, label: "Add a new property" },
                ]}
                placeholder="Not one of my saved properties"
                hint="Pick a saved property, or add this address to your account."
              />
              {/* revealed in CSS so it also works without JavaScript */}
              <div className="hidden gap-4 group-has-[option[value=new]:checked]:grid sm:grid-cols-3">
                <TextField
                  meta={fields.newPropertyAddress}
                  label="Address"
                  autoComplete="street-address"
                  className="sm:col-span-3"
                />
                <TextField
                  meta={fields.newPropertyCity}
                  label="City"
                  autoComplete="address-level2"
                />
                <TextField
                  meta={fields.newPropertyState}
                  label="State"
                  autoComplete="address-level1"
                />
              </div>
            </div>
          </FormSection>
        )}

        <FormSection title="Contact Information">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              meta={fields.firstName}
              label="First Name"
              required
              autoComplete="given-name"
            />
            <TextField
              meta={fields.lastName}
              label="Last Name"
              required
              autoComplete="family-name"
            />
            <TextField
              meta={fields.email}
              label="Email"
              type="email"
              required
              autoComplete="email"
            />
            <TextField meta={fields.phone} label="Phone" type="tel" required autoComplete="tel" />
            <TextField
              meta={fields.zipCode}
              label="ZIP Code"
              required
              autoComplete="postal-code"
              inputMode="numeric"
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <ChoiceGroup
              meta={fields.preferredContactMethod}
              label="Preferred Contact Method"
              type="radio"
              options={contactMethod.options}
            />
            <ChoiceGroup
              meta={fields.bestTimeToContact}
              label="Best Time to Contact"
              type="radio"
              columns={1}
              options={bestTime.options}
            />
          </div>
          <TextAreaField
            meta={fields.details}
            label="Anything else we should know?"
            hint="Optional. For example access instructions or what you have noticed."
          />
        </FormSection>

        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={busy} aria-disabled={busy}>
            {busy ? "Submitting..." : "Request Free Quote"}
          </Button>
        </div>
      </Form>
    </div>
  );
}

/** A titled group of questions. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="space-y-5 pt-6">
        <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}
