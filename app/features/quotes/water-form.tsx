import { CheckboxField, ChoiceGroup, SelectField, TextField } from "~/components/ui/form-controls";
import * as enums from "~/features/catalog/enums";
import { PropertyTypeField } from "./property-type-field";
import { FormSection, type QuoteFormProps, QuoteFormShell, useQuoteForm } from "./quote-form";
import type { waterQuoteSchema } from "./schemas";

/** Water Filtration Assessment (SPEC section 2): validates on submit, then as you correct. */
export function WaterQuoteForm(props: QuoteFormProps) {
  const [form, fields] = useQuoteForm<typeof waterQuoteSchema>(props, {
    validateOn: "onSubmit",
    defaultValue: { numBathrooms: "1", numResidents: "1" },
  });
  return (
    <QuoteFormShell {...props} form={form as never} fields={fields as never}>
      <FormSection title="Your Water">
        <SelectField
          meta={fields.waterSource}
          label="Water Source"
          required
          options={enums.waterSource.options}
          placeholder="Select your water source"
        />
        <ChoiceGroup
          meta={fields.currentIssues}
          label="Current Issues"
          required
          hint="Select every issue you notice."
          options={enums.waterIssue.options}
        />
        <CheckboxField meta={fields.hasExistingFilter} label="I already have a water filter" />
        <SelectField
          meta={fields.filterType}
          label="Filter Type"
          options={enums.filterType.options}
          placeholder="Select the kind of filtration you want"
        />
        <ChoiceGroup
          meta={fields.appliances}
          label="Appliances Using Water"
          hint="Hard water and sediment shorten their life."
          options={enums.appliance.options}
        />
      </FormSection>
      <FormSection title="Your Property">
        <PropertyTypeField meta={fields.propertyType} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            meta={fields.numBathrooms}
            label="Number of Bathrooms"
            type="number"
            min={1}
            required
          />
          <TextField
            meta={fields.numResidents}
            label="Number of Residents"
            type="number"
            min={1}
            required
          />
        </div>
        <SelectField
          meta={fields.budgetRange}
          label="Budget Range"
          options={enums.budgetRange.options}
          placeholder="Select a budget range"
        />
      </FormSection>
    </QuoteFormShell>
  );
}
