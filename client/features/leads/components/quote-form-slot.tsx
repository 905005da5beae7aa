import { standInBind } from "./form-parts.tsx";
import { LazyFormSlot } from "./lazy-form-slot.tsx";
import { QuoteFormView } from "./quote-form-view.tsx";

const loadQuoteForm = () => import("./quote-form.tsx");

/**
 * The quote request form for the contact page: prerendered as a working stand-in, the live form
 * (and its captcha) loaded when the visitor gets near it or into it, taking over what was typed.
 */
export function QuoteFormSlot({ labelledBy }: { labelledBy?: string }) {
  return (
    <LazyFormSlot
      load={loadQuoteForm}
      props={{ labelledBy }}
      fallback={<QuoteFormView bind={standInBind} loading labelledBy={labelledBy} />}
    />
  );
}
