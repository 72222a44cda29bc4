/**
 * Form controls bound to Conform field metadata. Native elements throughout, so every form
 * works with JavaScript off; each control has a visible label, and its error is linked with
 * aria-describedby and aria-invalid (WCAG 3.3.1, 3.3.2).
 */
import type { FieldMetadata } from "@conform-to/react";
import {
  type ComponentProps,
  createContext,
  type InputEvent,
  type ReactNode,
  useContext,
  useEffect,
  useState,
} from "react";
import { cn } from "~/lib/utils";

type Meta = FieldMetadata<unknown>;

/** One choice of a select, checkbox or radio group: the submitted value and its visible label. */
export interface ChoiceOption {
  value: string;
  label: string;
}

/** A select's `<option>`s: first an empty choice labelled `empty` when given, then `options`. */
export function SelectOptions({
  options,
  empty,
}: {
  options: readonly ChoiceOption[];
  empty?: string;
}) {
  return (
    <>
      {empty !== undefined && <option value="">{empty}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

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

/** The look every text box, select and file field shares; an invalid one gets the theme's error colour. */
const controlLook =
  "rounded-md border border-slate-400 bg-white text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-error aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-error";

/**
 * How big a control is. `default`: a form's field, as wide as its column. `md`: as tall as a
 * default Button, for a row of filters beside one; `sm`: as tall as a small Button, for editor
 * toolbars and inline rows. The smaller sizes set no width: the caller gives one (`w-64`, `w-full
 * max-w-md`), since `cn` does not resolve a width given twice (docs/decisions/0115-cn-is-clsx.md).
 */
export type ControlSize = "default" | "md" | "sm";

const controlClasses: Record<ControlSize, string> = {
  default: `${controlLook} block w-full px-3 py-2 text-base`,
  md: `${controlLook} h-10 px-3 text-sm`,
  sm: `${controlLook} h-9 px-2 text-sm`,
};

/** A file field: a box like the others around the browser's own button, in small text. */
const fileClass = `${controlLook} block w-full max-w-full px-3 py-2 text-sm`;

type SizeProp = { size?: ControlSize };

/**
 * A native input in our look, of `size` (its native `size` attribute, a width in characters, is
 * not offered: widths are classes). `type="file"` gets the file field's look at any size.
 */
export function Input({
  className,
  size = "default",
  ...props
}: Omit<ComponentProps<"input">, "size"> & SizeProp) {
  const look = props.type === "file" ? fileClass : controlClasses[size];
  return <input {...props} className={cn(look, className)} />;
}

/** A native textarea in our look (4 rows unless told); `sm` has small text. */
export function Textarea({
  className,
  rows = 4,
  size = "default",
  ...props
}: ComponentProps<"textarea"> & { size?: "default" | "sm" }) {
  const text = size === "default" ? "text-base" : "text-sm";
  return (
    <textarea
      rows={rows}
      {...props}
      className={cn(controlLook, "block w-full px-3 py-2", text, className)}
    />
  );
}

/** A native select in our look, of `size` (its native `size`, a list box's rows, is not offered). */
export function Select({
  className,
  size = "default",
  ...props
}: Omit<ComponentProps<"select">, "size"> & SizeProp) {
  return <select {...props} className={cn(controlClasses[size], className)} />;
}

/** A native checkbox (or radio) in our look. */
export function Checkbox({ className, type = "checkbox", ...props }: ComponentProps<"input">) {
  return <input type={type} {...props} className={cn("size-4 accent-brand-700", className)} />;
}

/**
 * A form-wide message: `error` (role alert, read out at once) or `success` (role status), in
 * the theme's named colours.
 */
export function Alert({
  tone = "error",
  className,
  ...props
}: ComponentProps<"div"> & { tone?: "error" | "success" }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      {...props}
      className={cn(
        "rounded-md border-2 p-3 text-sm font-medium",
        tone === "error"
          ? "border-error bg-error-subtle text-error-strong"
          : "border-success bg-success-subtle text-success-strong",
        className,
      )}
    />
  );
}

function Required() {
  return (
    <span className="text-error" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

const ErrorSpaceReserved = createContext(false);

/**
 * Inside it, every control keeps a line for its error whether or not one shows, so an error
 * appearing or leaving moves nothing below it: for forms that validate as a field is left, where
 * the click that leaves a field would otherwise land where the next control used to be.
 */
/**
 * The list in a form's error summary: each field's first error (`errors`: field name and its
 * messages, in form order), linking to the field's control (`idOf` the field's name).
 */
export function ErrorSummaryLinks({
  errors,
  idOf,
}: {
  errors: ReadonlyArray<readonly [string, readonly string[]]>;
  idOf: (name: string) => string | undefined;
}) {
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
      {errors.map(([name, messages]) => (
        <li key={name}>
          <a href={`#${idOf(name) ?? ""}`} className="text-error-strong underline">
            {messages[0]}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ReserveErrorSpace({ children }: { children: ReactNode }) {
  return <ErrorSpaceReserved.Provider value={true}>{children}</ErrorSpaceReserved.Provider>;
}

/** A field's error message, in the theme's error colour, under the id its control points to. */
export function ErrorText({ id, errors }: { id: string; errors: string[] | undefined }) {
  const reserved = useContext(ErrorSpaceReserved);
  // the empty line is as tall as one line of the message (text-sm: 1.25rem)
  if (!errors?.length) return reserved ? <div className="mt-1 min-h-5" /> : null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-error">
      {errors.join(" ")}
    </p>
  );
}

function FieldError({ state }: { state: ControlState }) {
  return <ErrorText id={state.errorId} errors={state.errors?.slice(0, 1)} />;
}

function Hint({ state, children }: { state: ControlState; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={state.descriptionId} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  );
}

/** The ARIA a control gets from its `Field`: its id, invalid state and what describes it. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
}

/**
 * Label, control, description and error of one field, for forms without Conform. The control is
 * rendered by `children` with the props that tie it to the label, description and error
 * (`<id>-description`, `<id>-error`).
 */
export function Field({
  id,
  label,
  required,
  description,
  errors,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  description?: ReactNode;
  errors?: string[] | undefined;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const invalid = Boolean(errors?.length);
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [invalid ? errorId : "", description ? descriptionId : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-900">
        {label}
        {required && <Required />}
      </label>
      {children({
        id,
        "aria-invalid": invalid || undefined,
        "aria-describedby": describedBy || undefined,
        "aria-required": required || undefined,
      })}
      {description && (
        <p id={descriptionId} className="mt-1 text-sm text-slate-600">
          {description}
        </p>
      )}
      <ErrorText id={errorId} errors={errors} />
    </div>
  );
}

interface FieldProps {
  meta: Meta;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
}

/**
 * A field's own props apart from its control's: the first with `meta` read once into `state`
 * (for `LabelledField`), the second the rest, for the native control.
 */
function splitField<T extends FieldProps>({
  meta,
  label,
  required,
  hint,
  className,
  ...control
}: T) {
  return [{ state: controlState(meta), label, required, hint, className }, control] as const;
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
  type = "text",
  ...props
}: FieldProps & Omit<ComponentProps<"input">, "name" | "required">) {
  const [field, input] = splitField(props);
  const { state } = field;
  return (
    <LabelledField {...field}>
      <input
        {...controlProps(state, field.hint ? state.descriptionId : undefined)}
        type={type}
        defaultValue={initialText(state.initialValue)}
        {...input}
        aria-required={field.required || undefined}
        className={controlClasses.default}
      />
    </LabelledField>
  );
}

/** The share of a character limit from which the count of characters left is shown. */
const COUNT_FROM = 0.8;
/** Quiet time after typing before a screen reader is told the count (not on every keystroke). */
const ANNOUNCE_AFTER_MS = 1000;

/** A text's length as the server counts it: a browser submits each line break as CR LF. */
const submittedLength = (text: string) => text.replace(/\r?\n/g, "\r\n").length;

/** "You have 12 characters remaining", or "... too many" once over `max`. */
function countMessage(length: number, max: number): string {
  const left = max - length;
  const n = Math.abs(left);
  return `You have ${n} ${n === 1 ? "character" : "characters"} ${left >= 0 ? "remaining" : "too many"}`;
}

/**
 * The count of characters left under a text box limited to `max` (as the GOV.UK character count):
 * shown from COUNT_FROM of the limit, in the error colour when over it; screen readers hear it in
 * a polite live region once typing pauses. The server's validation stays the truth.
 */
function CharacterCount({ length, max }: { length: number; max: number }) {
  const [announced, setAnnounced] = useState("");
  const shown = length >= max * COUNT_FROM;
  const message = shown ? countMessage(length, max) : "";
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(message), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <>
      {shown && (
        <p
          aria-hidden="true"
          className={cn(
            "mt-1 text-sm",
            length > max ? "font-medium text-error-strong" : "text-slate-700",
          )}
        >
          {message}
        </p>
      )}
      <div aria-live="polite" className="sr-only">
        {announced}
      </div>
    </>
  );
}

export function TextAreaField({
  maxChars,
  ...props
}: FieldProps &
  Omit<ComponentProps<"textarea">, "name" | "required"> & {
    /** the server's limit: a count of characters left shows from 80 % of it */
    maxChars?: number;
  }) {
  const [field, textarea] = splitField(props);
  const { state } = field;
  const initial = initialText(state.initialValue);
  const [length, setLength] = useState(() => submittedLength(initial ?? ""));
  const onInput = (event: InputEvent<HTMLTextAreaElement>) => {
    if (maxChars) setLength(submittedLength(event.currentTarget.value));
    textarea.onInput?.(event);
  };
  return (
    <LabelledField {...field}>
      <textarea
        {...controlProps(state, field.hint ? state.descriptionId : undefined)}
        defaultValue={initial}
        {...textarea}
        onInput={onInput}
        rows={textarea.rows ?? 4}
        className={controlClasses.default}
      />
      {maxChars !== undefined && <CharacterCount length={length} max={maxChars} />}
    </LabelledField>
  );
}

export function SelectField({
  options,
  placeholder = "Select an option",
  onChange,
  ...props
}: FieldProps & {
  options: ChoiceOption[];
  placeholder?: string;
  /** called with the chosen value (with JavaScript), e.g. to fill in a related field */
  onChange?: (value: string) => void;
}) {
  const [field] = splitField(props);
  const { state } = field;
  return (
    <LabelledField {...field}>
      <select
        {...controlProps(state, field.hint ? state.descriptionId : undefined)}
        defaultValue={initialText(state.initialValue)}
        aria-required={field.required || undefined}
        onChange={onChange && ((event) => onChange(event.currentTarget.value))}
        className={controlClasses.default}
      >
        <SelectOptions options={options} empty={placeholder} />
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
}: FieldProps & { options: ChoiceOption[]; type?: "checkbox" | "radio"; columns?: 1 | 2 | 3 }) {
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
