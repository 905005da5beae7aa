import { loadingBind } from "./form-parts.tsx";
import { LazyFormSlot } from "./lazy-form-slot.tsx";
import { QuoteFormView } from "./quote-form-view.tsx";

const loadQuoteForm = () => import("./quote-form.tsx");

/**
 * The quote request form for the contact page: prerendered as a static stand-in, the live form
 * (and its captcha) loaded when the visitor gets near it.
 */
export function QuoteFormSlot({ labelledBy }: { labelledBy?: string }) {
  return (
    <LazyFormSlot
      load={loadQuoteForm}
      props={{ labelledBy }}
      fallback={<QuoteFormView bind={loadingBind} loading labelledBy={labelledBy} />}
    />
  );
}
