import type { ComponentProps } from "react";
import { cx } from "./cx.ts";

/** Shared look of text inputs and selects: a clear border, a red border when invalid. */
export const controlClass =
  "block w-full rounded-md border border-steel-300 bg-white px-3 py-2 text-base text-steel-950 shadow-sm placeholder:text-steel-400 focus:border-steel-600 disabled:bg-steel-50 disabled:text-steel-500 aria-[invalid=true]:border-red-600 sm:text-sm";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cx(controlClass, "h-10", className)} {...props} />;
}

export function Select({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <select className={cx(controlClass, "h-10 pr-8", className)} {...props}>
      {children}
    </select>
  );
}
