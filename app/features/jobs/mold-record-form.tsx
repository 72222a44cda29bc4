/**
 * The mold remediation record's form on the job page (IICRC S520): areas worked with their before
 * and after photos, containment, moisture readings, materials removed and the post-remediation
 * verification (an independent assessor with their report PDF, or the written disclosure that it
 * was not independent). Fixed rows and native controls: it works without JavaScript and on a
 * 375 px phone in one column; posted as multipart with its files, saved as a draft.
 */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Checkbox,
  Field,
  Input,
  Select,
  SelectOptions,
  Textarea,
} from "~/components/ui/form-controls";
import {
  MOLD_DISCLOSURE_DEFAULT,
  MOLD_RECORD_ROWS,
  moldCondition,
  moldContainment,
  moldVerification,
} from "~/features/catalog/jobs";
import { MOLD_REPORT_SLOT, moldPhotoSlot } from "./record";

type Errors = Record<string, string[]> | undefined;
type Data = Record<string, unknown> | null;

const value = (data: Data, key: string) =>
  data?.[key] === undefined || data[key] === null ? "" : String(data[key]);

const rowsOf = (data: Data, key: string) =>
  (Array.isArray(data?.[key]) ? data[key] : []) as Record<string, unknown>[];

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

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
              <Field
                id={`record-${key(when)}`}
                label={n > 0 ? `Another ${label.toLowerCase()}` : label}
                errors={errors?.[key(when)]}
              >
                {(aria) => (
                  <Input
                    {...aria}
                    type="file"
                    name={key(when)}
                    accept="image/*"
                    capture="environment"
                  />
                )}
              </Field>
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
            <Field id={`record-${key("room")}`} label="Room" errors={errors?.[key("room")]}>
              {(aria) => <Input {...aria} name={key("room")} defaultValue={value(row, "room")} />}
            </Field>
            <Field
              id={`record-${key("squareFeet")}`}
              label="Size (square feet)"
              errors={errors?.[key("squareFeet")]}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name={key("squareFeet")}
                  inputMode="numeric"
                  defaultValue={value(row, "squareFeet")}
                />
              )}
            </Field>
            <Field
              id={`record-${key("condition")}`}
              label="Condition"
              errors={errors?.[key("condition")]}
            >
              {(aria) => (
                <Select {...aria} name={key("condition")} defaultValue={value(row, "condition")}>
                  <SelectOptions options={moldCondition.options} empty="Choose" />
                </Select>
              )}
            </Field>
            {photo("before", "Before photo")}
            {photo("after", "After photo")}
          </fieldset>
        );
      })}
      <Field id="record-containment" label="Containment" errors={errors?.containment}>
        {(aria) => (
          <Select {...aria} name="containment" defaultValue={value(data, "containment")}>
            <SelectOptions options={moldContainment.options} empty="Choose" />
          </Select>
        )}
      </Field>
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
              <Field
                key={name}
                id={`record-${key(name)}`}
                label={labels[name]}
                errors={errors?.[key(name)]}
              >
                {(aria) => (
                  <Input
                    {...aria}
                    name={key(name)}
                    inputMode={name === "reading" ? "decimal" : undefined}
                    defaultValue={value(row, name)}
                  />
                )}
              </Field>
            ))}
          </fieldset>
        );
      })}
      <Field
        id="record-materialsRemoved"
        label="Materials removed"
        errors={errors?.materialsRemoved}
      >
        {(aria) => (
          <Textarea
            {...aria}
            name="materialsRemoved"
            rows={3}
            maxLength={4000}
            defaultValue={value(data, "materialsRemoved")}
          />
        )}
      </Field>
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
          <Field key={name} id={`record-${name}`} label={label} errors={errors?.[name]}>
            {(aria) => <Input {...aria} name={name} defaultValue={value(data, name)} />}
          </Field>
        ))}
        <Field id="record-assessedOn" label="Date of the assessment" errors={errors?.assessedOn}>
          {(aria) => (
            <Input
              {...aria}
              type="date"
              name="assessedOn"
              defaultValue={value(data, "assessedOn")}
            />
          )}
        </Field>
        <Field id="record-assessmentPassed" label="Passed" errors={errors?.assessmentPassed}>
          {(aria) => (
            <Select
              {...aria}
              name="assessmentPassed"
              defaultValue={value(data, "assessmentPassed")}
            >
              <option value="">Choose</option>
              <option value="yes">Passed</option>
              <option value="no">Did not pass</option>
            </Select>
          )}
        </Field>
        <Field
          id="record-assessorReport"
          label={
            saved(MOLD_REPORT_SLOT) > 0
              ? "A newer version of the assessor's report (PDF)"
              : "The assessor's report (PDF)"
          }
          errors={errors?.assessorReport}
        >
          {(aria) => <Input {...aria} type="file" name="assessorReport" accept="application/pdf" />}
        </Field>
        {saved(MOLD_REPORT_SLOT) > 0 && <p className="text-sm">The assessor's report is saved.</p>}
        <p className="text-sm font-medium">Not independent</p>
        <Field
          id="record-disclosure"
          label="Written disclosure that it was not independent (the homeowner reads it before signing)"
          errors={errors?.disclosure}
        >
          {(aria) => (
            <Textarea
              {...aria}
              name="disclosure"
              rows={4}
              maxLength={4000}
              defaultValue={value(data, "disclosure") || MOLD_DISCLOSURE_DEFAULT}
            />
          )}
        </Field>
      </fieldset>
      <Button type="submit" variant="outline">
        Save record
      </Button>
    </Form>
  );
}
