import { ApplicationFormView } from "./application-form-view.tsx";
import { loadingBind } from "./form-parts.tsx";
import { LazyFormSlot } from "./lazy-form-slot.tsx";

const loadApplicationForm = () => import("./application-form.tsx");

/**
 * The job application form for the career page: prerendered as a static stand-in, the live form
 * (and its captcha) loaded when the visitor gets near it.
 */
export function ApplicationFormSlot({ labelledBy }: { labelledBy?: string }) {
  return (
    <LazyFormSlot
      load={loadApplicationForm}
      props={{ labelledBy }}
      fallback={<ApplicationFormView bind={loadingBind} loading labelledBy={labelledBy} />}
    />
  );
}
