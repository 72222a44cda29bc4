/**
 * Form controls bound to Conform field metadata. Native elements throughout, so every form
 * works with JavaScript off; each control has a visible label, and its error is linked with
 * aria-describedby and aria-invalid (WCAG 3.3.1, 3.3.2).
 */
import {
  type FieldMetadata,
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import type { EnumOption } from "~/features/catalog/enums";
import { cn } from "~/lib/utils";

type Meta = FieldMetadata<unknown>;

const controlClass =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700";

function Required() {
  return (
    <span className="text-red-700" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

export function FieldError({ meta }: { meta: Meta }) {
  if (!meta.errors?.length) return null;
  return (
    <p id={meta.errorId} className="mt-1 text-sm font-medium text-red-700">
      {meta.errors[0]}
    </p>
  );
}

function Hint({ meta, children }: { meta: Meta; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={meta.descriptionId} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  );
}

interface FieldProps {
  meta: Meta;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
}

/** Label, control, hint and error of one labelled field. */
function LabelledField({
  meta,
  label,
  required,
  hint,
  className,
  children,
}: FieldProps & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-slate-900">
        {label}
        {required && <Required />}
      </label>
      {children}
      <Hint meta={meta}>{hint}</Hint>
      <FieldError meta={meta} />
    </div>
  );
}

export function TextField({
  meta,
  label,
  required,
  hint,
  className,
  type = "text",
  ...input
}: FieldProps & Omit<ComponentProps<"input">, "name" | "required">) {
  const props = getInputProps(meta as FieldMetadata<string>, {
    type: type as "text",
    ariaDescribedBy: hint ? meta.descriptionId : undefined,
  });
  return (
    <LabelledField meta={meta} label={label} required={required} hint={hint} className={className}>
      <input {...props} {...input} aria-required={required || undefined} className={controlClass} />
    </LabelledField>
  );
}

export function TextAreaField({
  meta,
  label,
  required,
  hint,
  className,
  ...textarea
}: FieldProps & Omit<ComponentProps<"textarea">, "name" | "required">) {
  const props = getTextareaProps(meta as FieldMetadata<string>, {
    ariaDescribedBy: hint ? meta.descriptionId : undefined,
  });
  return (
    <LabelledField meta={meta} label={label} required={required} hint={hint} className={className}>
      <textarea {...props} {...textarea} rows={textarea.rows ?? 4} className={controlClass} />
    </LabelledField>
  );
}

export function SelectField({
  meta,
  label,
  required,
  hint,
  className,
  options,
  placeholder = "Select an option",
}: FieldProps & { options: EnumOption[]; placeholder?: string }) {
  const props = getSelectProps(meta as FieldMetadata<string>, {
    ariaDescribedBy: hint ? meta.descriptionId : undefined,
  });
  return (
    <LabelledField meta={meta} label={label} required={required} hint={hint} className={className}>
      <select {...props} aria-required={required || undefined} className={controlClass}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

/** A group of checkboxes (several answers) or radios (one answer) under a legend. */
export function ChoiceGroup({
  meta,
  label,
  required,
  hint,
  className,
  options,
  type = "checkbox",
  columns = 2,
}: FieldProps & { options: EnumOption[]; type?: "checkbox" | "radio"; columns?: 1 | 2 | 3 }) {
  const items = getCollectionProps(meta as FieldMetadata<string[]>, {
    type,
    options: options.map((o) => o.value),
  });
  const labels = new Map(options.map((o) => [o.value, o.label]));
  const describedBy = [meta.errors?.length ? meta.errorId : "", hint ? meta.descriptionId : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset
      id={meta.id}
      className={className}
      aria-describedby={describedBy || undefined}
      aria-invalid={meta.errors?.length ? true : undefined}
      tabIndex={-1}
    >
      <legend className="mb-2 text-sm font-medium text-slate-900">
        {label}
        {required && <Required />}
      </legend>
      <div
        className={cn(
          "grid gap-2",
          columns === 2 && "sm:grid-cols-2",
          columns === 3 && "sm:grid-cols-3",
        )}
      >
        {items.map(({ key, ...item }) => (
          <label key={key} className="flex min-h-6 items-center gap-2 text-sm text-slate-900">
            <input {...item} className="size-4 accent-brand-700" />
            {labels.get(item.value)}
          </label>
        ))}
      </div>
      <Hint meta={meta}>{hint}</Hint>
      <FieldError meta={meta} />
    </fieldset>
  );
}

/** One yes/no checkbox. */
export function CheckboxField({ meta, label, hint, className }: Omit<FieldProps, "required">) {
  const props = getInputProps(meta as FieldMetadata<boolean>, {
    type: "checkbox",
    ariaDescribedBy: hint ? meta.descriptionId : undefined,
  });
  return (
    <div className={className}>
      <label
        htmlFor={meta.id}
        className="flex items-center gap-2 text-sm font-medium text-slate-900"
      >
        <input {...props} className="size-4 accent-brand-700" />
        {label}
      </label>
      <Hint meta={meta}>{hint}</Hint>
      <FieldError meta={meta} />
    </div>
  );
}
