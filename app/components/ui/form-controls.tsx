/**
 * Form controls bound to Conform field metadata. Native elements throughout, so every form
 * works with JavaScript off; each control has a visible label, and its error is linked with
 * aria-describedby and aria-invalid (WCAG 3.3.1, 3.3.2).
 */
import type { FieldMetadata } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import type { EnumOption } from "~/features/catalog/enums";
import { cn } from "~/lib/utils";

type Meta = FieldMetadata<unknown>;

/**
 * The four things a control needs from Conform, read once. Every read of a field's metadata
 * builds a new object and proxy inside Conform, and its own prop helpers read about twenty of
 * them per control (constraints included, which these forms do not use): on a quote form that
 * was a third of the server's rendering time (docs/performance.md).
 */
function controlState(meta: Meta) {
  const id = meta.id;
  const errors = meta.errors;
  const invalid = errors !== undefined;
  return {
    id,
    name: meta.name,
    initialValue: meta.initialValue as unknown,
    errors,
    invalid,
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
  };
}
type ControlState = ReturnType<typeof controlState>;

/** id, name and the ARIA link to the error (and hint) of a native control. */
function controlProps(state: ControlState, describedBy: string | undefined) {
  const ids = state.invalid ? [state.errorId, describedBy].filter(Boolean).join(" ") : describedBy;
  return {
    id: state.id,
    name: state.name,
    "aria-invalid": state.invalid || undefined,
    "aria-describedby": ids || undefined,
  };
}

const initialText = (value: unknown) =>
  value === undefined || value === null ? undefined : String(value);

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

function FieldError({ state }: { state: ControlState }) {
  if (!state.errors?.length) return null;
  return (
    <p id={state.errorId} className="mt-1 text-sm font-medium text-red-700">
      {state.errors[0]}
    </p>
  );
}

function Hint({ state, children }: { state: ControlState; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={state.descriptionId} className="mt-1 text-sm text-slate-600">
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
  state,
  label,
  required,
  hint,
  className,
  children,
}: Omit<FieldProps, "meta"> & { state: ControlState; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={state.id} className="mb-1 block text-sm font-medium text-slate-900">
        {label}
        {required && <Required />}
      </label>
      {children}
      <Hint state={state}>{hint}</Hint>
      <FieldError state={state} />
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
  const state = controlState(meta);
  return (
    <LabelledField
      state={state}
      label={label}
      required={required}
      hint={hint}
      className={className}
    >
      <input
        {...controlProps(state, hint ? state.descriptionId : undefined)}
        type={type}
        defaultValue={initialText(state.initialValue)}
        {...input}
        aria-required={required || undefined}
        className={controlClass}
      />
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
  const state = controlState(meta);
  return (
    <LabelledField
      state={state}
      label={label}
      required={required}
      hint={hint}
      className={className}
    >
      <textarea
        {...controlProps(state, hint ? state.descriptionId : undefined)}
        defaultValue={initialText(state.initialValue)}
        {...textarea}
        rows={textarea.rows ?? 4}
        className={controlClass}
      />
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
  const state = controlState(meta);
  return (
    <LabelledField
      state={state}
      label={label}
      required={required}
      hint={hint}
      className={className}
    >
      <select
        {...controlProps(state, hint ? state.descriptionId : undefined)}
        defaultValue={initialText(state.initialValue)}
        aria-required={required || undefined}
        className={controlClass}
      >
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
  const state = controlState(meta);
  const initial = state.initialValue;
  const chosen = new Set(
    Array.isArray(initial) ? initial.map(String) : initial ? [String(initial)] : [],
  );
  const describedBy = [state.invalid ? state.errorId : "", hint ? state.descriptionId : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset
      id={state.id}
      className={className}
      aria-describedby={describedBy || undefined}
      aria-invalid={state.invalid || undefined}
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
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-6 items-center gap-2 text-sm text-slate-900"
          >
            <input
              type={type}
              id={`${state.id}-${option.value}`}
              name={state.name}
              value={option.value}
              defaultChecked={chosen.has(option.value)}
              aria-invalid={state.invalid || undefined}
              aria-describedby={state.invalid ? state.errorId : undefined}
              className="size-4 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      <Hint state={state}>{hint}</Hint>
      <FieldError state={state} />
    </fieldset>
  );
}

/** One yes/no checkbox. */
export function CheckboxField({ meta, label, hint, className }: Omit<FieldProps, "required">) {
  const state = controlState(meta);
  return (
    <div className={className}>
      <label
        htmlFor={state.id}
        className="flex items-center gap-2 text-sm font-medium text-slate-900"
      >
        <input
          {...controlProps(state, hint ? state.descriptionId : undefined)}
          type="checkbox"
          value="on"
          defaultChecked={state.initialValue === "on" || state.initialValue === true}
          className="size-4 accent-brand-700"
        />
        {label}
      </label>
      <Hint state={state}>{hint}</Hint>
      <FieldError state={state} />
    </div>
  );
}
