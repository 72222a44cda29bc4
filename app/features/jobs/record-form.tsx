/**
 * The completion record's form on the job page, one per service (radon mitigation, water
 * treatment), posted with its photo as multipart; a plain form that works without JavaScript and
 * on a 375 px phone (one column, native controls). Saving keeps a draft; 'Complete job' checks it.
 */
import type { ComponentProps, ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Checkbox,
  type ChoiceOption,
  Field,
  Input,
  Select,
  SelectOptions,
} from "~/components/ui/form-controls";
import { radonSystemType, waterEquipment } from "~/features/catalog/jobs";

/** A refused save's messages by field name (`areas.0.room` for a row's field). */
export type RecordErrors = Record<string, string[]> | undefined;
type Errors = RecordErrors;

/** The saved value of `key` in a record (or one of its rows) as a control's text, "" when none. */
export const value = (data: Record<string, unknown> | null, key: string) =>
  data?.[key] === undefined || data[key] === null ? "" : String(data[key]);

/** A record's text (or file) box for field `name`, labelled, with its errors (id `record-<name>`). */
export function RecordInput({
  name,
  label,
  errors,
  ...input
}: { name: string; label: ReactNode; errors: Errors } & Omit<
  ComponentProps<typeof Input>,
  "name"
>) {
  return (
    <Field id={`record-${name}`} label={label} errors={errors?.[name]}>
      {(aria) => <Input {...aria} name={name} {...input} />}
    </Field>
  );
}

/** A record's select for field `name`: an empty choice (`empty`, "Choose" unless told), then `options`. */
export function RecordSelect({
  name,
  label,
  errors,
  options,
  empty = "Choose",
  defaultValue,
}: {
  name: string;
  label: ReactNode;
  errors: Errors;
  options: readonly ChoiceOption[];
  empty?: string;
  defaultValue: string;
}) {
  return (
    <Field id={`record-${name}`} label={label} errors={errors?.[name]}>
      {(aria) => (
        <Select {...aria} name={name} defaultValue={defaultValue}>
          <SelectOptions options={options} empty={empty} />
        </Select>
      )}
    </Field>
  );
}

export function RadonRecordForm({
  data,
  crew,
  hasLabelPhoto,
  errors,
}: {
  data: Record<string, unknown> | null;
  crew: { id: string; name: string }[];
  hasLabelPhoto: boolean;
  errors: Errors;
}) {
  const text = (name: string, label: string, props: ComponentProps<typeof Input> = {}) => (
    <RecordInput
      name={name}
      label={label}
      errors={errors}
      defaultValue={value(data, name)}
      {...props}
    />
  );
  return (
    <Form method="post" encType="multipart/form-data" className="max-w-md space-y-3">
      <input type="hidden" name="intent" value="record" />
      <RecordSelect
        name="systemType"
        label="System type"
        errors={errors}
        options={radonSystemType.options}
        defaultValue={value(data, "systemType")}
      />
      {text("suctionPoints", "Number of suction points", { inputMode: "numeric" })}
      {text("fanMakeModel", "Fan make and model (required)")}
      {text("fanSerial", "Fan serial number")}
      {text("pipeDiameterInches", "Pipe diameter (inches)", { inputMode: "decimal" })}
      {text("dischargeLocation", "Discharge location")}
      {text(
        "manometerInchesWc",
        "Manometer reading at commissioning, inches of water column (required)",
        {
          inputMode: "decimal",
        },
      )}
      <div className="flex items-center gap-2 text-sm">
        <Checkbox
          id="record-sealingDone"
          name="sealingDone"
          defaultChecked={data?.sealingDone === true}
        />
        <label htmlFor="record-sealingDone">Sealing done</label>
      </div>
      <RecordSelect
        name="installerId"
        label="Installer (their certification number is taken from their profile; required)"
        errors={errors}
        options={crew.map((c) => ({ value: c.id, label: c.name }))}
        defaultValue={value(data, "installerId")}
      />
      <p className="text-sm">
        Certification number:{" "}
        {value(data, "certificationNumber") || "none on the installer's profile"}
      </p>
      <RecordInput
        name="labelPhoto"
        label={
          hasLabelPhoto
            ? "Another photo of the placed label"
            : "Photo of the placed label (required)"
        }
        errors={errors}
        type="file"
        accept="image/*"
        capture="environment"
      />
      {hasLabelPhoto && <p className="text-sm">The label's photo is saved.</p>}
      <Button type="submit" variant="outline">
        Save record
      </Button>
    </Form>
  );
}

export function WaterRecordForm({
  data,
  errors,
}: {
  data: Record<string, unknown> | null;
  errors: Errors;
}) {
  const rows = (Array.isArray(data?.equipment) ? data.equipment : []) as Record<string, unknown>[];
  return (
    <Form method="post" encType="multipart/form-data" className="max-w-md space-y-4">
      <input type="hidden" name="intent" value="record" />
      {[0, 1, 2].map((i) => {
        const row = rows[i] ?? null;
        const key = (name: string) => `equipment.${i}.${name}`;
        return (
          <fieldset key={key("row")} className="space-y-2 rounded-md border border-slate-200 p-3">
            <legend className="text-sm font-medium">Equipment {i + 1}</legend>
            <RecordSelect
              name={key("kind")}
              label="Equipment"
              errors={errors}
              options={waterEquipment.options}
              empty="None"
              defaultValue={value(row, "kind")}
            />
            {(["make", "model", "serial", "filterIntervalMonths"] as const).map((name) => (
              <RecordInput
                key={name}
                name={key(name)}
                label={
                  {
                    make: "Make",
                    model: "Model",
                    serial: "Serial number",
                    filterIntervalMonths: "Filter change interval (months)",
                  }[name]
                }
                errors={errors}
                defaultValue={value(row, name)}
              />
            ))}
          </fieldset>
        );
      })}
      <Button type="submit" variant="outline">
        Save record
      </Button>
    </Form>
  );
}
