"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { AccountTheme } from "./account-theme";
import { DataSection } from "./DataSection";
import { DetailsSection } from "./DetailsSection";
import { PasswordSection } from "./PasswordSection";
import { PreferencesSection } from "./PreferencesSection";
import { SessionsSection } from "./SessionsSection";

export interface ProfileUser {
  id: number;
  fullName: string;
  username: string;
  email: string;
  emailVerified: boolean;
  role: number;
  profileImageUrl: string | null;
  theme: AccountTheme;
}

const SECTIONS = ["details", "preferences", "password", "sessions", "data"] as const;

/**
 * The profile page (issue 16 §1): one page of sections with anchors. Each section saves on its own through the
 * account API (UpdateSelf, Locale, ChangePassword, Sessions, Me/Export, DeleteMe) and reloads the browser session's
 * user where the top bar shows it (name, picture, theme).
 */
export function ProfileManagement({ initial }: { initial: ProfileUser }) {
  const t = useTranslations("profile");
  const [user, setUser] = useState(initial);
  // A password change signs the other sessions out: the sessions list reloads.
  const [sessionsVersion, setSessionsVersion] = useState(0);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6" data-testid="profile-page">
      <div>
        <p className="text-sm leading-6 text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
        <nav aria-label={t("sectionsLabel")} className="mt-3">
          <ul className="flex flex-wrap gap-2">
            {SECTIONS.map((id) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="inline-flex min-h-9 items-center rounded-full border border-zinc-200 bg-white px-3.5 text-sm font-semibold text-zinc-700 transition hover:border-brand-400 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:border-brand-500/50 dark:hover:text-brand-400"
                >
                  {t(`sections.${id}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <DetailsSection user={user} onUser={setUser} />
      <PreferencesSection user={user} onUser={setUser} />
      <PasswordSection onChanged={() => setSessionsVersion((v) => v + 1)} />
      <SessionsSection version={sessionsVersion} />
      <DataSection />
    </div>
  );
}
