/**
 * The controls of the back office's list filters (quotes, customers, blog posts): a GET form whose
 * fields live in the URL, so a filtered list can be shared, Back works and JavaScript is optional.
 *
 * The controls always show what the URL says: each takes its value from the loader's reading of
 * the URL and takes it again at every navigation (Back and Forward included), keeping only what
 * is typed until then. With JavaScript, a changed select applies at once; the submit button stays
 * for the search box and for browsers without JavaScript.
 */
import { type ReactNode, useState } from "react";
import { Form, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Select, SelectOptions } from "~/components/ui/form-controls";

/**
 * A control's value: `fromUrl` (the loader's reading of this location's query) until the person
 * changes it, and `fromUrl` again whenever the location changes.
 */
function useValueFromUrl(fromUrl: string): [string, (value: string) => void] {
  const { key } = useLocation();
  const [shown, setShown] = useState({ key, value: fromUrl });
  const set = (value: string) => setShown({ key, value });
  if (shown.key !== key) {
    // a navigation happened (a submit, a link, Back): show what the new URL says
    setShown({ key, value: fromUrl });
    return [fromUrl, set];
  }
  return [shown.value, set];
}

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
    // autoComplete off: a browser going Back without JavaScript does not restore typed values either
    <Form
      method="get"
      role="search"
      aria-label={label}
      autoComplete="off"
      className="flex flex-wrap items-end gap-3"
    >
      {children}
      <Button type="submit">{submitLabel}</Button>
    </Form>
  );
}

/** The list's free-text search box (`name="q"`). */
export function SearchInput({
  id,
  urlValue,
  placeholder,
  className = "w-64",
}: {
  id: string;
  /** what the URL says (the loader's reading of its query) */
  urlValue: string | undefined;
  placeholder: string;
  className?: string;
}) {
  const [value, setValue] = useValueFromUrl(urlValue ?? "");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Search
      </label>
      <Input
        id={id}
        type="search"
        name="q"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        placeholder={placeholder}
        size="md"
        className={className}
      />
    </div>
  );
}

/**
 * A labelled select; `allLabel`, when given, is the first option and means "no filter" (""). With
 * JavaScript, choosing an option submits the form.
 */
export function FilterSelect({
  id,
  name,
  label,
  urlValue,
  allLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  /** what the URL says (the loader's reading of its query) */
  urlValue: string | undefined;
  allLabel?: string;
  options: readonly { value: string; label: string }[];
}) {
  const [value, setValue] = useValueFromUrl(urlValue ?? "");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Select
        id={id}
        name={name}
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          // applies at once (a navigation, so Back returns to the list before the change)
          event.currentTarget.form?.requestSubmit();
        }}
        size="md"
      >
        <SelectOptions options={options} empty={allLabel} />
      </Select>
    </div>
  );
}
