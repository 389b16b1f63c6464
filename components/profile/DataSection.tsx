"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { AlertTriangle, Download, Trash2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useApiMutation } from "@/components/providers/api-query";
import { endSession } from "@/components/providers/end-session";
import { refreshSessionToken } from "@/components/providers/use-api";
import { useAuth } from "@/components/providers/use-auth";
import { Banner } from "@/components/ui/Banner";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { DialogActions } from "@/components/ui/DialogActions";
import { showServerErrors } from "@/components/ui/server-errors";
import { deleteMeSchema } from "@/lib/validation/auth";
import { PasswordInput } from "./PasswordInput";
import { Section } from "./Section";

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
        <Button variant="secondary" size="sm" onClick={() => void download()} loading={downloading} icon={<Download className="size-4" aria-hidden />} data-testid="profile-download-data">
          {downloading ? t("data.downloading") : t("data.download")}
        </Button>
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
        <Button variant="danger" size="sm" className="mt-5" onClick={() => setDeleting(true)} icon={<Trash2 className="size-4" aria-hidden />} data-testid="profile-delete-account">
          {t("delete.button")}
        </Button>
        {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
      </Section>
    </>
  );
}

/** The deletion's confirmation: a modal dialog (Escape cancels) with the password, then DeleteMe and sign-out. */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("profile.delete");
  const tv = useTranslations("validation");
  const id = useId();
  const schema = useMemo(() => deleteMeSchema((key) => tv(key)), [tv]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { password: "" } });
  const [failure, setFailure] = useState<string | null>(null);
  const deleteMe = useApiMutation((api, password: string) => api("/api/Authentication/DeleteMe", { method: "POST", body: { password } }));

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await deleteMe.mutateAsync(password);
      await endSession({ redirectTo: "/" });
    } catch (error) {
      setFailure(showServerErrors(error, setError, ["password"], t("failed")));
    }
  });

  return (
    <Dialog
      title={t("dialogTitle")}
      description={t("dialogText")}
      icon={<AlertTriangle aria-hidden />}
      tone="danger"
      busy={isSubmitting}
      onClose={onClose}
      onSubmit={onSubmit}
      testId="delete-account-dialog"
      footer={<DialogActions cancelLabel={t("cancel")} onCancel={onClose} label={t("confirm")} busyLabel={t("deleting")} busy={isSubmitting} variant="danger" testId="delete-account-confirm" />}
    >
      <div className="flex flex-col gap-3">
        {failure && <Banner tone="error">{failure}</Banner>}
        <PasswordInput id={`${id}-password`} label={t("password")} autoComplete="current-password" autoFocus error={errors.password?.message} registration={register("password")} />
      </div>
    </Dialog>
  );
}
