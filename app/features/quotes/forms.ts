import type { ComponentType } from "react";
import type { ServiceId } from "~/features/catalog/services";
import { MoldQuoteForm } from "./mold-form";
import type { QuoteFormProps } from "./quote-form";
import { RadonQuoteForm } from "./radon-form";
import { WaterQuoteForm } from "./water-form";

/** The quote form of each service. */
export const quoteForms: Record<ServiceId, ComponentType<QuoteFormProps>> = {
  water_filtration: WaterQuoteForm,
  mold: MoldQuoteForm,
  radon: RadonQuoteForm,
};
