/**
 * What the three quote forms share: heading, Back link, error summary, honeypot, contact
 * section and a submit button that reads 'Submitting...' and ignores a second submit while busy.
 * Works with JavaScript off: the server answers with the same errors in the same places.
 */
import {
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  parse,
  type Submission,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { ArrowLeft } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import {
  CheckboxField,
  ChoiceGroup,
  ErrorSummaryLinks,
  Input,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/ui/form-controls";
import { toast } from "~/components/ui/toaster";
import { quoteSubmitEvent } from "~/features/analytics/events";
import { bestTime, contactMethod, type EnumOption } from "~/features/catalog/enums";
import type { Service } from "~/features/catalog/services";
import { TEXT_CONSENT_HINT, TEXT_CONSENT_LABEL } from "~/features/messages/consent";
import { clientLog } from "~/lib/client-log";
import { QuoteFileField } from "./file-field";
import {
  DESCRIPTION_MAX_LENGTH,
  formErrorMessages,
  HONEYPOT_FIELD,
  inFormOrder,
  NEW_PROPERTY,
} from "./form-rules";
import type { contactSchema } from "./schemas";
import { SubmissionKeyField } from "./submission-key";
import { SUBMIT_FAILED_MESSAGE, submitFailureToasts } from "./submit-failure";

/** The name Conform gives its intent buttons (validate, reset): those submits are not the form's. */
export const CONFORM_INTENT = "__intent__";

export interface QuoteFormProps {
  service: Service;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** where Back goes without JavaScript (the referring page, or the service page) */
  backHref: string;
  /** when the last submit got no answer (network down): the form stays and says so */
  submitFailedAt?: number | null;
  /** the signed-in customer: contact details to prefill and properties to choose from */
  customer?: {
    contact: { firstName: string; lastName: string; email: string; phone: string };
    properties: EnumOption[];
    /** each saved property's ZIP by its id: choosing the property fills the ZIP Code field */
    propertyZips: Record<string, string>;
  };
}

type Validate = (formData: FormData) => Submission<unknown, string[], unknown>;

/** A submission that passes the form on to the server's validation. */
function passToServer(formData: FormData) {
  return parse(formData, { resolve: (value) => ({ value }) }) as Submission<
    unknown,
    string[],
    unknown
  >;
}

/**
 * The schemas' validation, loaded once for every form of the page: zod comes with the form's
 * first use (a focus or a press inside it), not with the page (the quote forms' JavaScript budget).
 */
let validation: Promise<typeof import("./browser-validation")> | undefined;
function loadValidation() {
  validation ??= import("./browser-validation");
  return validation;
}

/**
 * Conform's form state for one quote schema, validated in the browser by the server's schema.
 * The schema loads with the form's first focus or press; a submit before it has arrived goes to
 * the server, which answers with the same errors (as it does without JavaScript).
 */
export function useQuoteForm<Schema extends z.ZodObject>(
  { service, lastResult, customer }: QuoteFormProps,
  options: { validateOn: "onSubmit" | "onBlur"; defaultValue?: Record<string, unknown> },
) {
  const formId = `${service.slug}-form`;
  const validate = useRef<Validate | null>(null);
  /** fields left before the schema arrived: a form that validates on blur checks them then */
  const left = useRef(new Set<string>());
  const checkLeft = useRef<(name: string) => void>(() => {});
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!form) return;
    const onLeave = (event: FocusEvent) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      if (name && !validate.current) left.current.add(name);
    };
    const load = () => {
      void loadValidation().then(
        (loaded) => {
          validate.current = (formData) => loaded.validateQuote(service.id, formData);
          if (options.validateOn === "onBlur")
            for (const name of left.current) checkLeft.current(name);
          left.current.clear();
        },
        // offline or a new deployment: the server still validates every submission
        (error: unknown) => {
          validation = undefined;
          clientLog.warn("form", "Quote form validation could not load", {
            service: service.id,
            reason: String(error).slice(0, 200),
          });
        },
      );
    };
    // a form in use already: it came back with errors, or it had the focus before hydration
    if (lastResult || form.contains(document.activeElement)) load();
    form.addEventListener("focusin", load, { once: true });
    form.addEventListener("pointerdown", load, { once: true });
    form.addEventListener("focusout", onLeave);
    return () => {
      form.removeEventListener("focusin", load);
      form.removeEventListener("pointerdown", load);
      form.removeEventListener("focusout", onLeave);
    };
  }, [formId, service.id, lastResult, options.validateOn]);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: formId,
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
    // until the schema is here, everything passes on to the server's validation
    onValidate: ({ formData }) =>
      (validate.current?.(formData) ?? passToServer(formData)) as Submission<
        z.input<Schema>,
        string[],
        z.output<Schema>
      >,
  });
  useEffect(() => {
    checkLeft.current = (name) => form.validate({ name });
  });
  return [form, fields] as const;
}

type ContactFields = {
  [K in keyof z.input<typeof contactSchema>]-?: FieldMetadata<unknown>;
};

/**
 * Whether the page before this one in the tab's history is a page of this site reached in this
 * visit: React Router numbers the entries it makes from 0 (`history.state.idx`), so above 0 means
 * Back stays on the site.
 */
function openedWithinSite(): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === "number" && idx > 0;
}
export function QuoteFormShell({
  service,
  form,
  fields,
  lastResult,
  backHref,
  customer,
  submitFailedAt,
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

  // listed as the fields come on the page, not as the schema checks them
  const fieldErrors = inFormOrder(
    service.id,
    Object.entries(form.allErrors).filter(
      ([name, errors]) => name !== form.name && errors.length > 0,
    ),
  );
  const failed = submitFailedAt != null;
  // a submit that got no answer reads as the server's own failure would
  const formErrors = failed ? [SUBMIT_FAILED_MESSAGE] : (form.errors ?? []);
  const headlines = formErrorMessages(
    service.id,
    fieldErrors.map(([name]) => name),
  );
  // The summary reports a submit: it appears after one (browser or server), not on blur.
  const hasErrors =
    (attempts > 0 || lastResult != null || failed) &&
    (fieldErrors.length > 0 || formErrors.length > 0);
  const summaryTitle =
    fieldErrors.length === 0
      ? "There is a problem with your request"
      : `There is a problem with ${fieldErrors.length} ${fieldErrors.length === 1 ? "answer" : "answers"}`;

  // After a failed submit (browser or server), move focus to the summary and raise one toast.
  // Conform focuses the first invalid field during its own report, so focus is taken back after.
  const reportPending = useRef(false);
  useEffect(() => {
    if (lastResult || submitFailedAt) reportPending.current = true;
  }, [lastResult, submitFailedAt]);
  useEffect(() => {
    // while a submit is on its way the errors on screen are the previous answer's
    if (busy || !reportPending.current || !hasErrors) return;
    reportPending.current = false;
    setTimeout(() => summaryRef.current?.focus(), 0);
    // field names and the message only: never what was typed
    const failure = {
      service: service.id,
      fields: fieldErrors.map(([name]) => name),
      status: lastResult?.status ?? null,
      message: formErrors[0] ?? null,
    };
    if (failed) {
      clientLog.error("form", "Quote request got no answer", failure);
    } else if (formErrors.length > 0 && fieldErrors.length === 0) {
      clientLog.error("form", "Quote request was not accepted", failure);
    } else {
      clientLog.warn("form", "Quote form has errors", failure);
    }
    if (formErrors.length > 0) {
      // the SPEC's submit-failure toasts: the server's message, or (no answer at all) its default
      for (const shown of submitFailureToasts(
        service.id,
        failed ? null : (formErrors[0] ?? null),
      )) {
        toast.error(shown.title, shown.description ? { description: shown.description } : {});
      }
    } else {
      // the plain summary title, with the SPEC's form-level message(s) as the description
      toast.error(summaryTitle, headlines.length > 0 ? { description: headlines.join(" ") } : {});
    }
  });

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <a
        href={backHref}
        onClick={(event) => {
          // back through history only to a page of this site (the router numbers its entries
          // from 0): opened directly, from a search result or a mail, the link's own address
          if (openedWithinSite()) {
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
        Fields marked <span className="text-error">*</span> are required.
      </p>

      {hasErrors && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          // biome-ignore lint/a11y/noAutofocus: with JavaScript off this is how focus reaches the errors
          autoFocus
          aria-labelledby="error-summary-title"
          role="alert"
          className="mt-6 rounded-lg border-2 border-error bg-error-subtle p-4"
        >
          <h2 id="error-summary-title" className="text-lg font-semibold text-error-strong">
            {summaryTitle}
          </h2>
          {[...formErrors, ...headlines].map((message) => (
            <p key={message} className="mt-1 text-sm font-medium text-error-strong">
              {message}
            </p>
          ))}
          {fieldErrors.length > 0 && (
            <ErrorSummaryLinks errors={fieldErrors} idOf={(name) => fields[name]?.id} />
          )}
        </div>
      )}

      <Form
        method="post"
        action={service.quoteHref}
        encType="multipart/form-data"
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
          // a file still uploading holds the submit (features/quotes/file-field.tsx)
          if (event.currentTarget.querySelector("[data-upload-pending]")) {
            event.preventDefault();
            event.stopPropagation();
            toast.error("Please wait until your files have finished uploading.");
            return;
          }
          reportPending.current = true;
          setAttempts((n) => n + 1);
        }}
        className="mt-8 space-y-8"
      >
        <SubmissionKeyField />
        <div className="hidden" aria-hidden="true">
          <label htmlFor={`${form.id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
          <Input
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
                onChange={(id) => {
                  const zip = customer.propertyZips[id];
                  const input = document.getElementById(fields.zipCode.id);
                  if (!zip || !(input instanceof HTMLInputElement)) return;
                  // typed into the field as a person would, so validation sees it too
                  input.value = zip;
                  input.dispatchEvent(new Event("input", { bubbles: true }));
                }}
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

        <FormSection title="Photos and Lab Reports">
          <QuoteFileField
            kind="photo"
            meta={fields.photos as FieldMetadata<unknown>}
            label="Photos"
            hint="Optional. Up to 10 photos (JPEG, PNG, WebP or HEIC from an iPhone), 15 MB each. We remove their location data."
          />
          <QuoteFileField
            kind="report"
            meta={fields.reports as FieldMetadata<unknown>}
            label="Lab reports"
            hint="Optional. Up to 3 PDF files (a water or radon test, a mold inspection), 15 MB each, without a password."
          />
        </FormSection>

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
          <CheckboxField
            meta={fields.textConsent}
            label={TEXT_CONSENT_LABEL}
            hint={TEXT_CONSENT_HINT}
          />
          <TextAreaField
            meta={fields.details}
            label="Anything else we should know?"
            hint={`Optional, up to ${DESCRIPTION_MAX_LENGTH} characters. For example access instructions or what you have noticed.`}
            maxChars={DESCRIPTION_MAX_LENGTH}
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
