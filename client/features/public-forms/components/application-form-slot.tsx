import { ApplicationFormView } from "./application-form-view.tsx";
import { LazyFormSlot } from "./lazy-form-slot.tsx";

const loadApplicationForm = () => import("./application-form.tsx");

/**
 * The job application form for the career page: prerendered as a working stand-in, the live form
 * (and its captcha) loaded when the visitor gets near it or into it, taking over what was typed.
 */
export function ApplicationFormSlot({ labelledBy }: { labelledBy?: string }) {
  return <LazyFormSlot load={loadApplicationForm} view={ApplicationFormView} labelledBy={labelledBy} />;
}
