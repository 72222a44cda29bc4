/**
 * The homeowner's sign-off of a completed job, shared by the admin job page's 'Homeowner sign-off'
 * section (the crew's phone) and the mailed link's page: the completion record, then what was
 * signed, or the sign form (the estimates' disclosure, typed name, drawn signature) and the
 * punch-list form. Both forms post to the page's own action with an `intent`; they work without
 * JavaScript (the typed name signs; the canvas is drawn only where scripts run) and at 320 px.
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Alert, TextAreaField } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import { ESignFields } from "~/features/estimates/signature-field";
import { punchListSchema, type SignOffView, signOffSchema } from "./sign-off";

/** What the sign-off forms' action returns when one is refused. */
export interface SignOffActionData {
  intent: "sign-off" | "punch-list";
  result: SubmissionResult<string[]>;
}

/** The sign-off forms' reply in a page's action data, if that is what it holds. */
export function signOffReply(actionData: unknown): SignOffActionData | undefined {
  if (!actionData || typeof actionData !== "object") return undefined;
  const { intent, result } = actionData as Partial<SignOffActionData>;
  return (intent === "sign-off" || intent === "punch-list") && result
    ? { intent, result }
    : undefined;
}

/** The level of the sign-off's own headings: h2 on its own page, h4 in the admin page's card. */
type Heading = "h2" | "h4";

/** The completed job as the homeowner reviews it before signing. */
export function CompletionRecord({ view, level }: { view: SignOffView; level: Heading }) {
  const Title = level;
  return (
    <section aria-labelledby="sign-off-record" className="space-y-3">
      <Title id="sign-off-record" className="text-lg font-semibold">
        Completion record of job <span className="whitespace-nowrap">{view.number}</span>
      </Title>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[14rem_1fr]">
        <dt className="font-medium">Service</dt>
        <dd className="break-words">{view.service}</dd>
        <dt className="font-medium">Address</dt>
        <dd className="break-words">{view.address}</dd>
        <dt className="font-medium">Completed</dt>
        <dd>{view.completedAt ?? "Not yet"}</dd>
        {view.facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {view.lines.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {view.lines.map((l) => (
            <li key={`${l.name}-${l.quantity}`} className="break-words">
              {l.name}, {l.quantity}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SignForm({
  view,
  lastResult,
  crewPhone,
  level,
}: {
  view: SignOffView;
  lastResult?: SubmissionResult<string[]>;
  crewPhone: boolean;
  level: Heading;
}) {
  const [form, fields] = useForm({
    id: "sign-off",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signOffSchema }),
  });
  const busy = useIsPending({ field: ["intent", "sign-off"] });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value="sign-off" />
      <input type="hidden" name="recordSha256" value={view.recordSha256} />
      {form.errors?.[0] && <Alert>{form.errors[0]}</Alert>}
      {crewPhone && (
        <p className="text-sm text-slate-700">
          Hand the phone to the homeowner: they read the record above, tick the box and type their
          name.
        </p>
      )}
      <ESignFields
        id="sign-off-esign"
        level={level}
        consent={view.consent}
        fields={fields}
        signs="this completion record"
        autoComplete={crewPhone ? "off" : "name"}
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Signing..." : "Sign off the work"}
      </Button>
    </Form>
  );
}

function PunchListForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "punch-list",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: punchListSchema }),
  });
  const busy = useIsPending({ field: ["intent", "punch-list"] });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="punch-list" />
      {form.errors?.[0] && <Alert>{form.errors[0]}</Alert>}
      <TextAreaField
        meta={fields.comment}
        label="What still needs doing"
        rows={4}
        hint="The job stays open and our office is told; you sign off once it is done."
      />
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? "Sending..." : "Send the punch list instead"}
      </Button>
    </Form>
  );
}

/**
 * The sign-off for `view`: the record, what was signed (or the punch list so far), and the two
 * forms while it is open.
 * @param level the level of its own headings (one below the heading it sits under)
 * @param crewPhone whether staff hold the phone (the admin section) rather than a link's holder
 * @param open whether the forms are offered (a completed job not yet signed)
 */
export function SignOff({
  view,
  actionData,
  level,
  crewPhone,
  open,
}: {
  view: SignOffView;
  actionData?: SignOffActionData;
  level: Heading;
  crewPhone: boolean;
  open: boolean;
}) {
  const Title = level;
  const reply = (intent: SignOffActionData["intent"]) =>
    actionData?.intent === intent ? actionData.result : undefined;
  return (
    <div className="space-y-6">
      <CompletionRecord view={view} level={level} />
      {view.signed ? (
        <Alert tone="success">
          Signed off by {view.signed.name} on {view.signed.at}
          {view.signed.onCrewPhone ? " (on the crew's phone)" : ""}. A signed completion is never
          edited.
        </Alert>
      ) : null}
      {view.punchList.length > 0 && (
        <section aria-labelledby="sign-off-punch-list" className="space-y-2">
          <Title id="sign-off-punch-list" className="font-semibold">
            Punch list
          </Title>
          <ul className="space-y-2 text-sm">
            {view.punchList.map((p) => (
              <li key={`${p.at}-${p.comment}`} className="border-l-2 border-slate-400 pl-3">
                <span className="block text-slate-700">{p.at}</span>
                <span className="break-words whitespace-pre-line">{p.comment}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {open && !view.signed ? (
        <>
          <SignForm
            view={view}
            lastResult={reply("sign-off")}
            crewPhone={crewPhone}
            level={level}
          />
          <details
            className="rounded-md border border-slate-200 p-4"
            open={Boolean(reply("punch-list"))}
          >
            <summary className="cursor-pointer font-medium">
              Not done yet? Leave a punch-list comment instead
            </summary>
            <PunchListForm lastResult={reply("punch-list")} />
          </details>
        </>
      ) : null}
    </div>
  );
}
