import type { ComponentProps } from "react";
import { type ChoiceOption, SelectField } from "~/components/ui/form-controls";
import { propertyType } from "~/features/catalog/enums";

/**
 * The required 'Property Type' question every service's form asks; `options` are the service's
 * property types (the general list unless given, e.g. radon's own).
 */
export function PropertyTypeField({
  meta,
  options = propertyType.options,
}: {
  meta: ComponentProps<typeof SelectField>["meta"];
  options?: ChoiceOption[];
}) {
  return (
    <SelectField
      meta={meta}
      label="Property Type"
      required
      options={options}
      placeholder="Select property type"
    />
  );
}
