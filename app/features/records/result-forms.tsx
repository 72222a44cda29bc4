/**
 * The back office's "Record a test result" forms on a quote's page: radon,
 * drinking water and mold, each with an optional lab report PDF. Plain multipart forms posted to
 * the quote page's action (an `intent` per form), so they work with JavaScript off; water has one
 * row per analyte of the catalog and mold five sample rows, blank rows skipped by the server.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Alert, Field, Input, Select, SelectOptions } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import {
  radonPhase,
  radonTestKind,
  waterAnalyteIds,
  waterAnalytes,
  waterUnit,
} from "~/features/catalog/reference-levels";
import { QUOTE_FILE_ACCEPT } from "~/features/quotes/files";
import { MOLD_SAMPLE_ROWS, REPORT_FIELD, RESULT_INTENTS } from "./schemas";

type Result = SubmissionResult<string[]> | undefined;

/** The value a refused form had at `path` ("analytes.lead.value", "samples[1].location"). */
function initial(result: Result, path: string): string | undefined {
  let node: unknown = result?.initialValue;
  for (const part of path.replace(/\[(\d+)\]/g, ".$1").split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

function FormShell({
  intent,
  title,
  result,
  children,
}: {
  intent: string;
  title: string;
  result: Result;
  children: React.ReactNode;
}) {
  const busy = useIsPending({ field: ["intent", intent] });
  const errors = result?.error ?? {};
  const formErrors = errors[""] ?? [];
  const fieldErrorCount = Object.entries(errors).filter(([k, v]) => k !== "" && v?.length).length;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-4 rounded-md border border-slate-200 p-4"
      noValidate
      aria-label={title}
    >
      <h5 className="font-semibold">{title}</h5>
      {formErrors.length > 0 && <Alert>{formErrors.join(" ")}</Alert>}
      {fieldErrorCount > 0 && (
        <Alert>
          {fieldErrorCount === 1
            ? "One field needs your attention; its message is below it."
            : `${fieldErrorCount} fields need your attention; each message is below its field.`}
        </Alert>
      )}
      <input type="hidden" name="intent" value={intent} />
      {children}
      <Field
        id={`${intent}-report`}
        label="Lab report (PDF, optional)"
        errors={errors[REPORT_FIELD] ?? undefined}
      >
        {(aria) => (
          <Input {...aria} type="file" name={REPORT_FIELD} accept={QUOTE_FILE_ACCEPT.report} />
        )}
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : `Save ${title.toLowerCase()}`}
      </Button>
    </Form>
  );
}

function TextInput({
  id,
  name,
  label,
  result,
  type = "text",
  required,
  inputMode,
}: {
  id: string;
  name: string;
  label: string;
  result: Result;
  type?: string;
  required?: boolean;
  inputMode?: "decimal" | "numeric";
}) {
  return (
    <Field id={id} label={label} required={required} errors={result?.error?.[name] ?? undefined}>
      {(aria) => (
        <Input
          {...aria}
          name={name}
          type={type}
          inputMode={inputMode}
          defaultValue={initial(result, name)}
        />
      )}
    </Field>
  );
}

function Choice({
  id,
  name,
  label,
  result,
  options,
  required,
  placeholder = "Choose...",
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  result: Result;
  options: { value: string; label: string }[];
  required?: boolean;
  placeholder?: string;
  defaultValue?: string;
}) {
  return (
    <Field id={id} label={label} required={required} errors={result?.error?.[name] ?? undefined}>
      {(aria) => (
        <Select {...aria} name={name} defaultValue={initial(result, name) ?? defaultValue ?? ""}>
          <SelectOptions options={options} empty={placeholder} />
        </Select>
      )}
    </Field>
  );
}

export function RadonResultForm({ result }: { result: Result }) {
  const intent = RESULT_INTENTS.radon;
  return (
    <FormShell intent={intent} title="Radon result" result={result}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Choice
          id="radon-test-kind"
          name="testKind"
          label="Test"
          result={result}
          options={radonTestKind.options}
          required
        />
        <Choice
          id="radon-phase"
          name="phase"
          label="Before or after mitigation"
          result={result}
          options={radonPhase.options}
          required
        />
        <TextInput
          id="radon-started"
          name="startedOn"
          label="Test started"
          type="date"
          result={result}
          required
        />
        <TextInput
          id="radon-ended"
          name="endedOn"
          label="Test ended"
          type="date"
          result={result}
          required
        />
        <TextInput
          id="radon-level"
          name="level"
          label="Result (pCi/L)"
          inputMode="decimal"
          result={result}
          required
        />
        <TextInput id="radon-lab" name="lab" label="Device or lab" result={result} required />
      </div>
    </FormShell>
  );
}

/** The first row of the water and mold forms: the lab's name and the day the samples were taken. */
function LabAndSampledOn({
  kind,
  sampledLabel,
  result,
}: {
  kind: "water" | "mold";
  sampledLabel: string;
  result: Result;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput id={`${kind}-lab`} name="lab" label="Lab" result={result} required />
      <TextInput
        id={`${kind}-sampled`}
        name="sampledOn"
        label={sampledLabel}
        type="date"
        result={result}
        required
      />
    </div>
  );
}

export function WaterResultForm({ result }: { result: Result }) {
  const intent = RESULT_INTENTS.water;
  const analytesError = result?.error?.analytes;
  return (
    <FormShell intent={intent} title="Water result" result={result}>
      <LabAndSampledOn kind="water" sampledLabel="Sample taken" result={result} />
      <fieldset
        className="space-y-3"
        aria-describedby={
          analytesError?.length ? "water-analytes-hint water-analytes-error" : "water-analytes-hint"
        }
      >
        <legend className="text-sm font-medium">Analytes</legend>
        <p id="water-analytes-hint" className="text-sm text-slate-600">
          Fill in the analytes the lab measured; leave the others blank.
        </p>
        {analytesError?.length ? (
          <p id="water-analytes-error" className="text-sm font-medium text-error-strong">
            {analytesError.join(" ")}
          </p>
        ) : null}
        {waterAnalyteIds.map((id) => {
          const analyte = waterAnalytes[id];
          if (analyte.type === "presence") {
            return (
              <Choice
                key={id}
                id={`water-${id}`}
                name={`analytes.${id}.present`}
                label={analyte.label}
                result={result}
                placeholder="Not tested"
                options={[
                  { value: "absent", label: "Absent" },
                  { value: "present", label: "Present" },
                ]}
              />
            );
          }
          return (
            <div key={id} className="grid grid-cols-2 gap-3">
              <TextInput
                id={`water-${id}-value`}
                name={`analytes.${id}.value`}
                label={`${analyte.label} result`}
                inputMode="decimal"
                result={result}
              />
              <Choice
                id={`water-${id}-unit`}
                name={`analytes.${id}.unit`}
                label={`${analyte.label} unit`}
                result={result}
                options={waterUnit.options}
                defaultValue={analyte.defaultUnit}
              />
            </div>
          );
        })}
      </fieldset>
    </FormShell>
  );
}

export function MoldResultForm({ result }: { result: Result }) {
  const intent = RESULT_INTENTS.mold;
  const samplesError = result?.error?.samples;
  return (
    <FormShell intent={intent} title="Mold result" result={result}>
      <LabAndSampledOn kind="mold" sampledLabel="Samples taken" result={result} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Air samples (spores/m³)</legend>
        {samplesError?.length ? (
          <p className="text-sm font-medium text-error-strong">{samplesError.join(" ")}</p>
        ) : null}
        {Array.from({ length: MOLD_SAMPLE_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are fixed positions
          <div key={i} className="grid gap-3 sm:grid-cols-3">
            <TextInput
              id={`mold-${i}-location`}
              name={`samples[${i}].location`}
              label={`Sample ${i + 1} location`}
              result={result}
            />
            <TextInput
              id={`mold-${i}-indoor`}
              name={`samples[${i}].indoor`}
              label={`Sample ${i + 1} indoor count`}
              inputMode="numeric"
              result={result}
            />
            <TextInput
              id={`mold-${i}-outdoor`}
              name={`samples[${i}].outdoor`}
              label={`Sample ${i + 1} outdoor count`}
              inputMode="numeric"
              result={result}
            />
          </div>
        ))}
      </fieldset>
    </FormShell>
  );
}
