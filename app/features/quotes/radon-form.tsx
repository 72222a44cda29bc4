import {
  CheckboxField,
  ReserveErrorSpace,
  SelectField,
  TextField,
} from "~/components/ui/form-controls";
import * as enums from "~/features/catalog/enums";
import { PropertyTypeField } from "./property-type-field";
import { FormSection, type QuoteFormProps, QuoteFormShell, useQuoteForm } from "./quote-form";
import type { radonQuoteSchema } from "./schemas";

/**
 * Radon Testing Assessment (SPEC section 2): validates each field as you leave it (on blur).
 * Basement and previous-test questions show only when they apply (CSS :has, no JavaScript needed).
 * Each field keeps room for its error, so an error leaving as a field is left moves nothing.
 */
export function RadonQuoteForm(props: QuoteFormProps) {
  const [form, fields] = useQuoteForm<typeof radonQuoteSchema>(props, { validateOn: "onBlur" });
  return (
    <ReserveErrorSpace>
      <QuoteFormShell {...props} form={form as never} fields={fields as never}>
        <FormSection title="Your Property">
          <div className="grid gap-4 sm:grid-cols-2">
            <PropertyTypeField
              meta={fields.propertyType}
              options={enums.radonPropertyType.options}
            />
            <TextField
              meta={fields.squareFootage}
              label="Square Footage"
              type="number"
              min={0}
              hint="At least 100. Leave empty or 0 if unsure (we assume 1,000)."
            />
            <TextField meta={fields.numLevels} label="Number of Levels" type="number" min={1} />
            <TextField meta={fields.yearBuilt} label="Year Built" type="number" min={1800} />
            <SelectField
              meta={fields.foundationType}
              label="Foundation Type"
              options={enums.foundationType.options}
            />
          </div>
          <div className="group space-y-4">
            <CheckboxField meta={fields.hasBasement} label="The property has a basement" />
            <div className="hidden group-has-[input[name=hasBasement]:checked]:block">
              <SelectField
                meta={fields.basementType}
                label="Basement Type"
                options={enums.basementType.options}
              />
            </div>
          </div>
          <CheckboxField
            meta={fields.recentRenovations}
            label="Recent renovations (last 2 years)"
          />
        </FormSection>
        <FormSection title="Testing">
          <div className="group space-y-4">
            <CheckboxField
              meta={fields.previousTesting}
              label="The property has been tested for radon before"
            />
            <div className="hidden gap-4 group-has-[input[name=previousTesting]:checked]:grid sm:grid-cols-2">
              <TextField meta={fields.previousTestDate} label="Previous Test Date" type="date" />
              <TextField
                meta={fields.previousResults}
                label="Previous Results"
                hint="For example 5.2 pCi/L. The EPA recommends action at 4 pCi/L or more."
              />
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              meta={fields.testPurpose}
              label="Test Purpose"
              options={enums.testPurpose.options}
            />
            <SelectField
              meta={fields.testPreference}
              label="Test Preference"
              options={enums.testPreference.options}
            />
          </div>
        </FormSection>
      </QuoteFormShell>
    </ReserveErrorSpace>
  );
}
