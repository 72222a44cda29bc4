/**
 * The mold remediation record's form on the job page (IICRC S520): areas worked with their before
 * and after photos, containment, moisture readings, materials removed and the post-remediation
 * verification (an independent assessor with their report PDF, or the written disclosure that it
 * was not independent). Fixed rows and native controls: it works without JavaScript and on a
 * 375 px phone in one column; posted as multipart with its files, saved as a draft.
 */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Checkbox, Field, Textarea } from "~/components/ui/form-controls";
import {
  MOLD_DISCLOSURE_DEFAULT,
  MOLD_RECORD_ROWS,
  moldCondition,
  moldContainment,
  moldVerification,
} from "~/features/catalog/jobs";
import { MOLD_REPORT_SLOT, moldPhotoSlot } from "./record";
import { type RecordErrors as Errors, RecordInput, RecordSelect, value } from "./record-form";

type Data = Record<string, unknown> | null;

const rowsOf = (data: Data, key: string) =>
  (Array.isArray(data?.[key]) ? data[key] : []) as Record<string, unknown>[];

const ASSESSMENT_RESULTS = [
  { value: "yes", label: "Passed" },
  { value: "no", label: "Did not pass" },
];

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A record's text area for field `name`, of at most 4,000 characters. */
function RecordTextarea({
  name,
  label,
  errors,
  rows,
  defaultValue,
}: {
  name: string;
  label: string;
  errors: Errors;
  rows: number;
  defaultValue: string;
}) {
  return (
    <Field id={`record-${name}`} label={label} errors={errors?.[name]}>
      {(aria) => (
        <Textarea {...aria} name={name} rows={rows} maxLength={4000} defaultValue={defaultValue} />
      )}
    </Field>
  );
}

export function MoldRecordForm({
  data,
  photos,
  errors,
}: {
  data: Data;
  /** saved files per slot (record.ts moldPhotoSlot, MOLD_REPORT_SLOT) */
  photos: Record<string, number>;
  errors: Errors;
}) {
  const areas = rowsOf(data, "areas");
  const moisture = rowsOf(data, "moisture");
  const saved = (slot: string) => photos[slot] ?? 0;
  return (
    <Form method="post" encType="multipart/form-data" className="max-w-md space-y-4">
      <input type="hidden" name="intent" value="record" />
      <h4 className="font-medium">Areas worked</h4>
      <p className="text-sm">At least one area needs its before and after photos.</p>
      {range(MOLD_RECORD_ROWS.areas).map((i) => {
        const row = areas[i] ?? null;
        const key = (name: string) => `areas.${i}.${name}`;
        const photo = (when: "before" | "after", label: string) => {
          const n = saved(moldPhotoSlot(when, i));
          return (
            <>
              <RecordInput
                name={key(when)}
                label={n > 0 ? `Another ${label.toLowerCase()}` : label}
                errors={errors}
                type="file"
                accept="image/*"
                capture="environment"
              />
              {n > 0 && (
                <p className="text-sm">
                  {n === 1 ? `${label} saved.` : `${n} ${label.toLowerCase()}s saved.`}
                </p>
              )}
            </>
          );
        };
        return (
          <fieldset key={key("row")} className="space-y-2 rounded-md border border-slate-200 p-3">
            <legend className="text-sm font-medium">Area {i + 1}</legend>
            <RecordInput
              name={key("room")}
              label="Room"
              errors={errors}
              defaultValue={value(row, "room")}
            />
            <RecordInput
              name={key("squareFeet")}
              label="Size (square feet)"
              errors={errors}
              inputMode="numeric"
              defaultValue={value(row, "squareFeet")}
            />
            <RecordSelect
              name={key("condition")}
              label="Condition"
              errors={errors}
              options={moldCondition.options}
              defaultValue={value(row, "condition")}
            />
            {photo("before", "Before photo")}
            {photo("after", "After photo")}
          </fieldset>
        );
      })}
      <RecordSelect
        name="containment"
        label="Containment"
        errors={errors}
        options={moldContainment.options}
        defaultValue={value(data, "containment")}
      />
      <h4 className="font-medium">Moisture readings</h4>
      {range(MOLD_RECORD_ROWS.moisture).map((i) => {
        const row = moisture[i] ?? null;
        const key = (name: string) => `moisture.${i}.${name}`;
        const labels = {
          area: "Area",
          material: "Material",
          reading: "Reading",
          instrument: "Instrument",
        } as const;
        return (
          <fieldset key={key("row")} className="space-y-2 rounded-md border border-slate-200 p-3">
            <legend className="text-sm font-medium">Reading {i + 1}</legend>
            {(["area", "material", "reading", "instrument"] as const).map((name) => (
              <RecordInput
                key={name}
                name={key(name)}
                label={labels[name]}
                errors={errors}
                inputMode={name === "reading" ? "decimal" : undefined}
                defaultValue={value(row, name)}
              />
            ))}
          </fieldset>
        );
      })}
      <RecordTextarea
        name="materialsRemoved"
        label="Materials removed"
        errors={errors}
        rows={3}
        defaultValue={value(data, "materialsRemoved")}
      />
      <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
        <legend className="text-sm font-medium">Post-remediation verification (required)</legend>
        {moldVerification.options.map((o) => (
          <div key={o.value} className="flex items-center gap-2 text-sm">
            <Checkbox
              type="radio"
              id={`record-verification-${o.value}`}
              name="verification"
              value={o.value}
              defaultChecked={value(data, "verification") === o.value}
            />
            <label htmlFor={`record-verification-${o.value}`}>{o.label}</label>
          </div>
        ))}
        <p className="text-sm font-medium">By an independent assessor</p>
        {(
          [
            ["assessorName", "Assessor's name"],
            ["assessorCompany", "Assessor's company"],
          ] as const
        ).map(([name, label]) => (
          <RecordInput
            key={name}
            name={name}
            label={label}
            errors={errors}
            defaultValue={value(data, name)}
          />
        ))}
        <RecordInput
          name="assessedOn"
          label="Date of the assessment"
          errors={errors}
          type="date"
          defaultValue={value(data, "assessedOn")}
        />
        <RecordSelect
          name="assessmentPassed"
          label="Passed"
          errors={errors}
          options={ASSESSMENT_RESULTS}
          defaultValue={value(data, "assessmentPassed")}
        />
        <RecordInput
          name="assessorReport"
          label={
            saved(MOLD_REPORT_SLOT) > 0
              ? "A newer version of the assessor's report (PDF)"
              : "The assessor's report (PDF)"
          }
          errors={errors}
          type="file"
          accept="application/pdf"
        />
        {saved(MOLD_REPORT_SLOT) > 0 && <p className="text-sm">The assessor's report is saved.</p>}
        <p className="text-sm font-medium">Not independent</p>
        <RecordTextarea
          name="disclosure"
          label="Written disclosure that it was not independent (the homeowner reads it before signing)"
          errors={errors}
          rows={4}
          defaultValue={value(data, "disclosure") || MOLD_DISCLOSURE_DEFAULT}
        />
      </fieldset>
      <Button type="submit" variant="outline">
        Save record
      </Button>
    </Form>
  );
}
