import { ApplicationFormView } from "./application-form-view.tsx";
import { standInBind } from "./form-parts.tsx";
import { LazyFormSlot } from "./lazy-form-slot.tsx";

const loadApplicationForm = () => import("./application-form.tsx");

/**
 * The job application form for the career page: prerendered as a working stand-in, the live form
 * (and its captcha) loaded when the visitor gets near it or into it, taking over what was typed.
 */
export function ApplicationFormSlot({ labelledBy }: { labelledBy?: string }) {
  return (
    <LazyFormSlot
      load={loadApplicationForm}
      props={{ labelledBy }}
      fallback={<ApplicationFormView bind={standInBind} loading labelledBy={labelledBy} />}
    />
  );
}
