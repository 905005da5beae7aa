import { LazyFormSlot } from "./lazy-form-slot.tsx";
import { QuoteRequestFormView } from "./quote-request-form-view.tsx";

const loadQuoteRequestForm = () => import("./quote-request-form.tsx");

/**
 * The quote request form for the contact page: prerendered as a working stand-in, the live form
 * (and its captcha) loaded when the visitor gets near it or into it, taking over what was typed.
 */
export function QuoteRequestFormSlot({ labelledBy }: { labelledBy?: string }) {
  return <LazyFormSlot load={loadQuoteRequestForm} view={QuoteRequestFormView} labelledBy={labelledBy} />;
}
