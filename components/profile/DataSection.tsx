"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { AlertTriangle, Download, Trash2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Banner, ButtonSpinner, secondaryButton } from "@/components/auth/fields";
import { endSession } from "@/components/providers/end-session";
import { refreshSessionToken, useApi } from "@/components/providers/use-api";
import { useAuth } from "@/components/providers/use-auth";
import { isApiError } from "@/lib/api-client";
import { deleteMeSchema } from "@/lib/validation/auth";
import { PasswordInput } from "./PasswordInput";
import { dangerButton, Section, smallButton } from "./Section";

const EXPORT_PATH = "/api/Authentication/Me/Export";

/** "Download my data" (a JSON attachment) and "Delete my account" (password confirmed, then signed out). */
export function DataSection() {
  const t = useTranslations("profile");
  const locale = useLocale();
  const { accessToken } = useAuth();
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      const get = (token: string | null) => fetch(EXPORT_PATH, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "x-locale": locale }, cache: "no-store" });
      let res = await get(accessToken);
      if (res.status === 401) res = await get(await refreshSessionToken());
      if (!res.ok) throw new Error(`export answered ${res.status}`);
      const blob = await res.blob();
      const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "my-data.json";
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
    } catch (error) {
      console.warn("Data export failed:", error);
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <Section id="data" title={t("data.heading")} intro={t("data.intro")}>
        <button type="button" className={smallButton} onClick={() => void download()} disabled={downloading} aria-busy={downloading || undefined} data-testid="profile-download-data">
          <Download className="size-4" aria-hidden />
          {downloading ? t("data.downloading") : t("data.download")}
        </button>
        {downloadFailed && (
          <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
            {t("data.failed")}
          </p>
        )}
      </Section>
      <Section id="delete" title={t("delete.heading")} intro={t("delete.intro")} tone="danger">
        <ul className="flex list-disc flex-col gap-1.5 ps-5 text-sm leading-6 text-zinc-700 dark:text-zinc-300">
          <li>{t("delete.removed")}</li>
          <li data-testid="profile-delete-works">{t("delete.works")}</li>
        </ul>
        <button type="button" className={`${dangerButton} mt-5`} onClick={() => setDeleting(true)} data-testid="profile-delete-account">
          <Trash2 className="size-4" aria-hidden />
          {t("delete.button")}
        </button>
        {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
      </Section>
    </>
  );
}

/** The deletion's confirmation: a modal dialog (Escape cancels) with the password, then DeleteMe and sign-out. */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("profile.delete");
  const tv = useTranslations("validation");
  const api = useApi();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const schema = useMemo(() => deleteMeSchema((key) => tv(key)), [tv]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { password: "" } });
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await api("/api/Authentication/DeleteMe", { method: "POST", body: { password } });
      await endSession({ redirectTo: "/" });
    } catch (error) {
      const message = isApiError(error) ? error.fieldErrors.password?.[0] : undefined;
      if (message) setError("password", { message }, { shouldFocus: true });
      else setFailure(isApiError(error) && error.kind === "HTTP" && error.message ? error.message : t("failed"));
    }
  });

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault();
        if (!isSubmitting) onClose();
      }}
      data-testid="delete-account-dialog"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl border border-zinc-200 bg-white p-6 text-zinc-900 shadow-2xl backdrop:bg-black/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form onSubmit={onSubmit} noValidate>
        <div className="flex items-start gap-4">
          <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
            <AlertTriangle className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 id={`${id}-title`} className="text-lg font-bold">{t("dialogTitle")}</h2>
            <p id={`${id}-text`} className="mt-1.5 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{t("dialogText")}</p>
          </div>
        </div>
        <div className="mt-5 flex flex-col gap-3">
          {failure && <Banner tone="error">{failure}</Banner>}
          <PasswordInput id={`${id}-password`} label={t("password")} autoComplete="current-password" autoFocus error={errors.password?.message} registration={register("password")} />
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose} disabled={isSubmitting}>
            {t("cancel")}
          </button>
          <button type="submit" className={`${dangerButton} h-11 px-5`} disabled={isSubmitting} aria-busy={isSubmitting || undefined} data-testid="delete-account-confirm">
            {isSubmitting && <ButtonSpinner />}
            {isSubmitting ? t("deleting") : t("confirm")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
