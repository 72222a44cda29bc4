/**
 * The completion record's form on the job page, one per service (radon mitigation, water
 * treatment), posted with its photo as multipart; a plain form that works without JavaScript and
 * on a 375 px phone (one column, native controls). Saving keeps a draft; 'Complete job' checks it.
 */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Checkbox, Field, Input, Select } from "~/components/ui/form-controls";
import { radonSystemType, waterEquipment } from "~/features/catalog/jobs";

type Errors = Record<string, string[]> | undefined;

const value = (data: Record<string, unknown> | null, key: string) =>
  data?.[key] === undefined || data[key] === null ? "" : String(data[key]);

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
  const text = (name: string, label: string, props: Record<string, unknown> = {}) => (
    <Field id={`record-${name}`} label={label} errors={errors?.[name]}>
      {(aria) => <Input {...aria} name={name} defaultValue={value(data, name)} {...props} />}
    </Field>
  );
  return (
    <Form method="post" encType="multipart/form-data" className="max-w-md space-y-3">
      <input type="hidden" name="intent" value="record" />
      <Field id="record-systemType" label="System type" errors={errors?.systemType}>
        {(aria) => (
          <Select {...aria} name="systemType" defaultValue={value(data, "systemType")}>
            <option value="">Choose</option>
            {radonSystemType.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
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
      <Field
        id="record-installerId"
        label="Installer (their certification number is taken from their profile; required)"
        errors={errors?.installerId}
      >
        {(aria) => (
          <Select {...aria} name="installerId" defaultValue={value(data, "installerId")}>
            <option value="">Choose</option>
            {crew.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <p className="text-sm">
        Certification number:{" "}
        {value(data, "certificationNumber") || "none on the installer's profile"}
      </p>
      <Field
        id="record-labelPhoto"
        label={
          hasLabelPhoto
            ? "Another photo of the placed label"
            : "Photo of the placed label (required)"
        }
        errors={errors?.labelPhoto}
      >
        {(aria) => (
          <Input {...aria} type="file" name="labelPhoto" accept="image/*" capture="environment" />
        )}
      </Field>
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
            <Field id={`record-${key("kind")}`} label="Equipment" errors={errors?.[key("kind")]}>
              {(aria) => (
                <Select {...aria} name={key("kind")} defaultValue={value(row, "kind")}>
                  <option value="">None</option>
                  {waterEquipment.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            {(["make", "model", "serial", "filterIntervalMonths"] as const).map((name) => (
              <Field
                key={name}
                id={`record-${key(name)}`}
                label={
                  {
                    make: "Make",
                    model: "Model",
                    serial: "Serial number",
                    filterIntervalMonths: "Filter change interval (months)",
                  }[name]
                }
                errors={errors?.[`equipment.${i}.${name}`]}
              >
                {(aria) => <Input {...aria} name={key(name)} defaultValue={value(row, name)} />}
              </Field>
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
