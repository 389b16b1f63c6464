"use client";

import { Eye, EyeOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type ComponentProps } from "react";
import { TextField } from "@/components/auth/fields";

/**
 * The auth forms' password field with its show/hide toggle, labelled from the profile's texts: the dashboard's client
 * texts do not carry the auth namespace that PasswordField reads.
 */
export function PasswordInput(props: Omit<ComponentProps<typeof TextField>, "type" | "trailing">) {
  const t = useTranslations("profile.passwordToggle");
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t("hide") : t("show")}
          aria-pressed={visible}
          aria-controls={props.id}
          className="absolute inset-y-0 end-0 grid w-11 place-items-center rounded-e-xl text-zinc-500 transition hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          {visible ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
        </button>
      }
    />
  );
}
