/**
 * Building blocks shared by the live forms and their static stand-ins. Nothing here pulls in
 * react-hook-form, zod or the captcha: the pages load this before the form code.
 */
import { CheckCircle2, CircleAlert, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { cx } from "~/components/ui/cx";
import { controlClass } from "~/components/ui/input";

/** What a control receives from its form: react-hook-form's `register(name)`, or just its name in the stand-in. */
export type Bind = (name: string) => object;

/**
 * The stand-in's binding: named, working native controls. The visitor can type before the form
 * code arrives; the live form takes the values over (lib/form-draft.ts).
 */
export const standInBind: Bind = (name) => ({ name });

/** Field messages by name (react-hook-form's errors, flattened). */
export type FieldMessages = Partial<Record<string, string>>;

export const textareaClass = cx(controlClass, "min-h-32 resize-y");
export const fileInputClass = cx(
  controlClass,
  "h-10 cursor-pointer px-2 py-1.5 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-steel-900 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-white hover:file:bg-steel-700 disabled:cursor-wait",
);
export const checkboxClass =
  "h-4 w-4 shrink-0 rounded border-steel-300 accent-accent-600 disabled:cursor-wait aria-[invalid=true]:outline aria-[invalid=true]:outline-red-600";

/** The visible "required" mark; the control itself carries `required` for assistive technology. */
export function Required() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-accent-700">
      *
    </span>
  );
}

/** The white card a public form sits in. */
export function FormCard({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-steel-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>;
}

/**
 * The honeypot: a field people never see or reach (off-screen, out of the tab order, hidden from
 * screen readers) that form-filling bots do fill in. The server refuses any form where it is set.
 */
export function Honeypot({ bind }: { bind: Bind }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website (leave this empty)
        <input type="text" tabIndex={-1} autoComplete="off" {...bind("website")} />
      </label>
    </div>
  );
}

/** Reserved room for the captcha, so the widget appearing moves nothing. */
export const captchaBoxClass = "min-h-12";

/** What stands where the captcha will be while the form code loads: the same size, inert. */
export function CaptchaPlaceholder() {
  return (
    <div className={captchaBoxClass}>
      <div
        aria-hidden="true"
        className="flex h-12 w-full max-w-[320px] items-center gap-3 rounded-md border border-steel-200 bg-steel-50 px-4 text-sm text-steel-500"
      >
        <span className="h-5 w-5 rounded border-2 border-steel-300" />
        <span className="flex-1">I'm not a robot</span>
        <ShieldCheck size={20} className="text-steel-300" />
      </div>
    </div>
  );
}

export type FormStatusValue = { tone: "success" | "error"; text: string } | null;

/** The success or failure line under the submit button; success is announced politely, failure at once. */
export function FormStatus({ status }: { status: FormStatusValue }) {
  return (
    <>
      <div role="status" aria-live="polite" aria-atomic="true">
        {status?.tone === "success" && (
          <p className="mt-4 flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm font-semibold text-emerald-900">
            <CheckCircle2 aria-hidden="true" size={18} className="mt-px shrink-0 text-emerald-700" />
            {status.text}
          </p>
        )}
      </div>
      {status?.tone === "error" && (
        <p
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm font-semibold text-red-900"
        >
          <CircleAlert aria-hidden="true" size={18} className="mt-px shrink-0 text-red-700" />
          {status.text}
        </p>
      )}
    </>
  );
}

/** The line above the fields saying which ones are required. */
export function RequiredNote() {
  return (
    <p className="mb-6 text-sm text-steel-600">
      Fields marked{" "}
      <span aria-hidden="true" className="font-semibold text-accent-700">
        *
      </span>
      <span className="sr-only">with an asterisk</span> are required.
    </p>
  );
}
