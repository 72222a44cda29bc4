/**
 * The controls of the back office's list filters (quotes, customers, blog posts): a GET form whose
 * fields live in the URL, so a filtered list can be shared, Back works and JavaScript is optional.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

const controlClass =
  "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-700";

/** A labelled search landmark (`role="search"`) submitting its fields as the URL's query. */
export function ListFilters({
  label,
  submitLabel,
  children,
}: {
  /** names the search landmark, e.g. "Quotes" */
  label: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className="flex flex-wrap items-end gap-3">
      {children}
      <Button type="submit">{submitLabel}</Button>
    </Form>
  );
}

/** The list's free-text search box (`name="q"`). */
export function SearchInput({
  id,
  defaultValue,
  placeholder,
  className = "w-64",
}: {
  id: string;
  defaultValue: string | undefined;
  placeholder: string;
  className?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Search
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={defaultValue ?? ""}
        placeholder={placeholder}
        className={`${controlClass} ${className}`}
      />
    </div>
  );
}

/** A labelled select; `allLabel`, when given, is the first option and means "no filter" (""). */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  allLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string | undefined;
  allLabel?: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue ?? ""} className={controlClass}>
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
