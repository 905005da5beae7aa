import { zodResolver } from "@hookform/resolvers/zod";
import { submitQuoteRequest } from "../api/submit-quote-request.ts";
import { usePublicFormSubmit } from "../hooks/use-public-form-submit.tsx";
import {
  type QuoteRequestFormInput,
  type QuoteRequestFormValues,
  quoteRequestDefaults,
  quoteRequestFormSchema,
} from "../lib/forms.ts";
import { publicFormMessages } from "../lib/messages.ts";
import type { StandIn } from "./lazy-form-slot.tsx";
import { QuoteRequestFormView } from "./quote-request-form-view.tsx";

/**
 * The live quote request form (loaded on demand by QuoteRequestFormSlot): validation, captcha,
 * upload with progress. It starts from what the visitor typed into the stand-in.
 */
export default function QuoteRequestForm({ labelledBy, standIn }: { labelledBy?: string; standIn?: StandIn }) {
  const { view } = usePublicFormSubmit<QuoteRequestFormInput, QuoteRequestFormValues>({
    resolver: zodResolver(quoteRequestFormSchema),
    defaultValues: {
      ...quoteRequestDefaults,
      ...(standIn?.draft()?.values as Partial<QuoteRequestFormInput> | undefined),
    },
    standIn,
    fileField: "uploadFile",
    send: submitQuoteRequest,
    messages: { success: publicFormMessages.quoteRequestSuccess, failure: publicFormMessages.quoteRequestFailure },
  });
  return <QuoteRequestFormView labelledBy={labelledBy} {...view} />;
}
