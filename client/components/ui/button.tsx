import { Loader2 } from "lucide-react";
import type { ComponentProps } from "react";
import { cx } from "./cx.ts";

export type ButtonVariant = "primary" | "accent" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-steel-900 text-white shadow-sm hover:bg-steel-700 disabled:hover:bg-steel-900",
  accent: "bg-accent-500 text-steel-950 shadow-sm hover:bg-accent-400 disabled:hover:bg-accent-500",
  secondary:
    "border border-steel-300 bg-white text-steel-800 shadow-sm hover:border-steel-400 hover:bg-steel-50 disabled:hover:bg-white",
  danger: "bg-red-700 text-white shadow-sm hover:bg-red-800 disabled:hover:bg-red-700",
  ghost: "text-steel-700 hover:bg-steel-100 hover:text-steel-950",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-9 gap-1.5 px-3 text-sm",
  md: "h-10 gap-2 px-4 text-sm",
};

/** The class list of a button, for links and Radix parts that must look like one. */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", className?: string) {
  return cx(
    "inline-flex shrink-0 items-center justify-center rounded-md font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60",
    variants[variant],
    sizes[size],
    className,
  );
}

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button while an action runs. */
  loading?: boolean;
}

export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  disabled,
  className,
  type = "button",
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClass(variant, size, className)}
      {...props}
    >
      {loading && <Loader2 aria-hidden="true" size={16} className="animate-spin" />}
      {children}
    </button>
  );
}
