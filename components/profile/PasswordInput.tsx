"use client";

import { useTranslations } from "next-intl";
import type { ComponentProps } from "react";
import { PasswordField } from "@/components/ui/fields";

/** The kit's password field labelled from the profile's texts (the dashboard's client texts have no auth namespace). */
export function PasswordInput(props: Omit<ComponentProps<typeof PasswordField>, "showLabel" | "hideLabel">) {
  const t = useTranslations("profile.passwordToggle");
  return <PasswordField {...props} showLabel={t("show")} hideLabel={t("hide")} />;
}
