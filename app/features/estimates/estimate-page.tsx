/**
 * The homeowner's estimate page, shared by the mailed link and the customer's account: the
 * estimate itself, its PDF download, then either what was accepted (or declined) or the two forms.
 * Both forms post to the page's own action with an `intent`; they work without JavaScript, and
 * the signature is drawn only where scripts run (signature-field.tsx).
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Alert, ChoiceGroup, TextAreaField } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatDate } from "~/lib/dates";
import { EstimateDocument } from "./estimate-document";
import { acceptEstimateSchema, declineEstimateSchema } from "./schemas";
import { ESignFields } from "./signature-field";
import type { EstimateViewModel } from "./view-model";

/** What the page's loader returns (homeowner.server.ts `loadEstimatePage`). */
export type EstimatePageData =
  | { state: "expired"; reference: string; validUntil: string }
  | {
      state: "open";
      view: EstimateViewModel;
      versionId: string;
      canRespond: boolean;
      consent: { label: string; text: string[] };
      pdfHref: string;
    };

/** What the page's action returns when a form is refused. */
export interface EstimateActionData {
  intent: "accept" | "decline";
  result: SubmissionResult<string[]>;
}

type OpenData = Extract<EstimatePageData, { state: "open" }>;

function VersionFields({ data }: { data: OpenData }) {
  return (
    <>
      <input type="hidden" name="versionId" value={data.versionId} />
      <input type="hidden" name="contentSha256" value={data.view.contentSha256 ?? ""} />
    </>
  );
}

function AcceptForm({
  data,
  lastResult,
}: {
  data: OpenData;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { view } = data;
  const [form, fields] = useForm({
    id: "accept-estimate",
    lastResult,
    defaultValue: view.options.length === 1 ? { option: "1" } : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: acceptEstimateSchema }),
  });
  const busy = useIsPending({ field: ["intent", "accept"] });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <input type="hidden" name="intent" value="accept" />
      <VersionFields data={data} />
      {form.errors?.[0] && <Alert>{form.errors[0]}</Alert>}
      <ChoiceGroup
        meta={fields.option}
        type="radio"
        columns={1}
        label="Choose an option"
        required
        options={view.options.map((o) => ({
          value: String(o.index),
          label: `${view.options.length > 1 ? `Option ${o.index}: ` : ""}${o.name}, ${o.total}`,
        }))}
      />
      <ESignFields
        id="esign-title"
        level="h3"
        consent={data.consent}
        fields={fields}
        signs="this estimate"
        autoComplete="name"
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Signing..." : "Accept and sign"}
      </Button>
    </Form>
  );
}

function DeclineForm({
  data,
  lastResult,
}: {
  data: OpenData;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "decline-estimate",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: declineEstimateSchema }),
  });
  const busy = useIsPending({ field: ["intent", "decline"] });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="decline" />
      <VersionFields data={data} />
      {form.errors?.[0] && <Alert>{form.errors[0]}</Alert>}
      <TextAreaField meta={fields.reason} label="Reason (optional)" rows={3} />
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? "Declining..." : "Decline estimate"}
      </Button>
    </Form>
  );
}

function Accepted({ view, pdfHref }: { view: EstimateViewModel; pdfHref: string }) {
  const accepted = view.acceptance;
  if (!accepted) return null;
  return (
    <section
      aria-labelledby="accepted-title"
      className="rounded-xl border-2 border-success bg-success-subtle p-4 sm:p-6"
    >
      <h2 id="accepted-title" className="text-xl font-semibold">
        You accepted this estimate
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium">Option</dt>
        <dd>{accepted.optionName}</dd>
        <dt className="font-medium">Total</dt>
        <dd>{accepted.total}</dd>
        <dt className="font-medium">Signed by</dt>
        <dd>{accepted.signerName}</dd>
        <dt className="font-medium">Signed on</dt>
        <dd>{accepted.signedAt}</dd>
      </dl>
      {accepted.signatureDataUrl ? (
        <img
          src={accepted.signatureDataUrl}
          alt={`Signature of ${accepted.signerName}`}
          className="mt-3 h-20 max-w-full bg-white object-contain"
        />
      ) : null}
      <Button asChild className="mt-4">
        <a href={pdfHref} download>
          Download the signed estimate (PDF)
        </a>
      </Button>
    </section>
  );
}

/** The whole page for `data`; `actionData` is a refused form's reply. */
export function EstimatePage({
  data,
  actionData,
}: {
  data: EstimatePageData;
  actionData?: EstimateActionData;
}) {
  if (data.state === "expired") {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-3xl font-bold tracking-tight">Estimate {data.reference}</h1>
        <p className="mt-6">
          This estimate expired on {formatDate(data.validUntil)}. Please contact us for a new one.
        </p>
      </div>
    );
  }
  const { view } = data;
  const reply = (intent: "accept" | "decline") =>
    actionData?.intent === intent ? actionData.result : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-12">
      <header>
        <p className="font-semibold text-brand-800">{view.company.name}</p>
        <p className="text-sm text-slate-600">{view.company.tagline}</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">{view.title}</h1>
        {view.version > 1 && !view.acceptance ? (
          <p className="mt-2 text-slate-700">
            This is version {view.version}. It replaces the estimate we sent you earlier; only this
            version can be accepted.
          </p>
        ) : null}
      </header>
      <Accepted view={view} pdfHref={data.pdfHref} />
      {view.decline ? (
        <Alert tone="success">
          You declined this estimate on {view.decline.declinedAt}. We have let our team know;
          contact us if you change your mind.
        </Alert>
      ) : null}
      {view.acceptance ? null : (
        <p>
          <a href={data.pdfHref} download className="font-medium text-brand-800 underline">
            Download this estimate (PDF)
          </a>
        </p>
      )}
      <EstimateDocument view={view} />
      {data.canRespond ? (
        <section
          aria-labelledby="respond-title"
          className="space-y-6 border-t border-slate-200 pt-8"
        >
          <h2 id="respond-title" className="text-2xl font-semibold">
            Accept this estimate
          </h2>
          <AcceptForm data={data} lastResult={reply("accept")} />
          <details
            className="rounded-md border border-slate-200 p-4"
            open={Boolean(reply("decline"))}
          >
            <summary className="cursor-pointer font-medium">Decline this estimate</summary>
            <DeclineForm data={data} lastResult={reply("decline")} />
          </details>
        </section>
      ) : null}
    </div>
  );
}
