"use client";

import { textLinkClass } from "@/components/ui/Button";
import { Link } from "@/i18n/navigation";

/**
 * "No account? Register" under the login form, "Have an account? Log in" under registration: a real link to the other
 * form's address (it works without scripts and opens in a new tab), switched in place when clicked.
 */
export function SwitchLine({ text, label, to, onSwitch }: { text: string; label: string; to: "login" | "register"; onSwitch: () => void }) {
  return (
    <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
      {text}{" "}
      <Link
        href={{ pathname: "/auth", query: { type: to } }}
        onClick={(event) => {
          event.preventDefault();
          onSwitch();
        }}
        className={textLinkClass}
      >
        {label}
      </Link>
    </p>
  );
}
