import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { cx } from "./cx.ts";
import { controlClass } from "./input.tsx";

/** A password input with a Show/Hide toggle, so an admin can check what they typed before sharing it. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input type={visible ? "text" : "password"} className={cx(controlClass, "h-10 pr-11", className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-pressed={visible}
        aria-label="Show password"
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-steel-500 hover:text-steel-900"
      >
        {visible ? <EyeOff aria-hidden="true" size={18} /> : <Eye aria-hidden="true" size={18} />}
      </button>
    </div>
  );
}
