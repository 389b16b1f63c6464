"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "react-toastify";
import { Banner, FieldError, fieldBorder, inputClass, SubmitButton, TextField } from "@/components/auth/fields";
import { useApi } from "@/components/providers/use-api";
import { useRouter } from "@/i18n/client";
import { isApiError } from "@/lib/api-client";
import { mangaFormSchema, PUBLISHING_LIMITS, type MangaFormInput, type MangaFormValues } from "@/lib/validation/publishing";
import type { ManagedManga } from "@/server/publishing/managed";
import { CoverField, type CoverValue } from "./CoverField";

export interface GenreOption {
  value: string;
  label: string;
}

export interface MangaFormInitial {
  id: number;
  title: string;
  description: string;
  genres: string[];
  readingDirection: number;
  status: number;
  coverImageUrl: string | null;
  bannerImageUrl: string | null;
}

const DIRECTIONS = ["0", "1", "2"] as const;

/**
 * The manga form (docs/decisions/013): create (SubmitManga, then on to the manga's editor) or edit (UpdateManga,
 * prefilled). One zod schema with the server (lib/validation/publishing.ts); field errors, the browser's or the
 * server's, show under their fields in the page's language.
 */
export function MangaForm({ genres, initial }: { genres: readonly GenreOption[]; initial?: MangaFormInitial }) {
  const t = useTranslations("mangaForm");
  const te = useTranslations("mangaForm.errors");
  const api = useApi();
  const router = useRouter();
  const schema = useMemo(() => mangaFormSchema((key) => te(key)), [te]);
  const editing = initial !== undefined;
  const idPrefix = editing ? `manga-${initial.id}` : "manga";

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<MangaFormInput, unknown, MangaFormValues>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: {
      title: initial?.title ?? "",
      description: initial?.description ?? "",
      genres: initial?.genres ?? [],
      readingDirection: String(initial?.readingDirection ?? 0),
    },
  });
  const [cover, setCover] = useState<CoverValue>({ file: null, error: null });
  const [coverRequired, setCoverRequired] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const title = useWatch({ control, name: "title" });
  const description = useWatch({ control, name: "description" }) ?? "";
  const chosen = useWatch({ control, name: "genres" });
  const chosenCount = Array.isArray(chosen) ? chosen.length : 0;

  const coverError = cover.error ?? (coverRequired && !cover.file ? t("coverRequired") : null);

  const onSubmit = async (values: MangaFormValues) => {
    setFormError(null);
    if (!editing && !cover.file) {
      setCoverRequired(true);
      return;
    }
    if (cover.error) return;
    const body = new FormData();
    if (editing) body.set("id", String(initial.id));
    body.set("title", values.title);
    body.set("description", values.description ?? "");
    for (const genre of values.genres) body.append("genres", genre);
    body.set("readingDirection", String(values.readingDirection ?? 0));
    if (cover.file) body.set("coverImage", cover.file);
    try {
      const manga = await api<ManagedManga>(editing ? "/api/manga/UpdateManga" : "/api/manga/SubmitManga", {
        method: editing ? "PUT" : "POST",
        body,
        timeoutMs: 120_000,
      });
      if (editing) {
        toast.success(t("saved"));
        setCover({ file: null, error: null });
        router.refresh();
      } else {
        toast.success(t("created", { title: manga.title }));
        router.push(`/dashboard/manga-approval/editor/${manga.id}`);
      }
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(t("failed"));
        return;
      }
      const fields = error.fieldErrors;
      let shown = false;
      for (const name of ["title", "description", "genres", "readingDirection"] as const) {
        const message = fields[name]?.[0] ?? Object.entries(fields).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1]?.[0];
        if (message) {
          setError(name, { type: "server", message });
          shown = true;
        }
      }
      const coverMessage = fields.coverImage?.[0] ?? fields.coverimage?.[0];
      if (coverMessage) {
        setCover((c) => ({ ...c, error: coverMessage }));
        shown = true;
      }
      if (!shown) setFormError(error.kind === "HTTP" ? error.message : t("failed"));
    }
  };

  const genresError = (errors.genres as { message?: string } | undefined)?.message ?? (Array.isArray(errors.genres) ? errors.genres.find(Boolean)?.message : undefined);

  return (
    <form onSubmit={handleSubmit(onSubmit, () => setCoverRequired(!editing))} noValidate className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]" data-testid="manga-form">
      <div className="flex min-w-0 flex-col gap-6">
        {formError && <Banner tone="error" testId="manga-form-error">{formError}</Banner>}
        {editing && initial.status === 1 && <Banner tone="info">{t("acceptedNote")}</Banner>}
        {editing && initial.status === 2 && <Banner tone="info">{t("rejectedNote")}</Banner>}
        <TextField
          id={`${idPrefix}-title`}
          label={t("title")}
          hint={t("titleHint")}
          error={errors.title?.message}
          registration={register("title")}
          maxLength={PUBLISHING_LIMITS.titleMax + 50}
          autoComplete="off"
          dir="auto"
        />

        <div>
          <label htmlFor={`${idPrefix}-description`} className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">
            {t("description")}
          </label>
          <textarea
            id={`${idPrefix}-description`}
            rows={6}
            dir="auto"
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={`${idPrefix}-description-hint${errors.description ? ` ${idPrefix}-description-error` : ""}`}
            className={`${inputClass} ${fieldBorder(Boolean(errors.description))} h-auto py-2.5 leading-6`}
            {...register("description")}
          />
          <p id={`${idPrefix}-description-hint`} className={`mt-1.5 text-xs tabular-nums ${description.length > PUBLISHING_LIMITS.descriptionMax ? "text-red-600 dark:text-red-400" : "text-zinc-500 dark:text-zinc-400"}`}>
            {t("descriptionHint", { count: description.length.toLocaleString() })}
          </p>
          <FieldError id={`${idPrefix}-description-error`} message={errors.description?.message} />
        </div>

        <fieldset aria-describedby={`${idPrefix}-genres-hint${genresError ? ` ${idPrefix}-genres-error` : ""}`} aria-invalid={genresError ? true : undefined}>
          <legend className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("genres")}</legend>
          <p id={`${idPrefix}-genres-hint`} className="mb-2.5 text-xs text-zinc-500 dark:text-zinc-400">{t("genresHint", { count: chosenCount })}</p>
          <div className="flex flex-wrap gap-2" data-testid="genre-options">
            {genres.map((genre) => (
              <label key={genre.value} className="group relative cursor-pointer">
                <input type="checkbox" value={genre.value} className="peer sr-only" {...register("genres")} />
                <span className="inline-flex h-9 items-center rounded-full border border-zinc-300 bg-white px-3.5 text-sm font-medium text-zinc-700 transition peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 hover:border-brand-400 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:peer-checked:border-brand-500 dark:peer-checked:bg-brand-600">
                  {genre.label}
                </span>
              </label>
            ))}
          </div>
          <FieldError id={`${idPrefix}-genres-error`} message={genresError} />
        </fieldset>

        <fieldset>
          <legend className="mb-2.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("readingDirection")}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {DIRECTIONS.map((d) => (
              <label key={d} className="relative flex cursor-pointer flex-col rounded-xl border border-zinc-300 bg-white p-3 transition has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 dark:border-zinc-700 dark:bg-zinc-900 dark:has-[:checked]:border-brand-500 dark:has-[:checked]:bg-brand-500/10">
                <span className="flex items-center gap-2 text-sm font-semibold">
                  <input type="radio" value={d} className="size-4 accent-brand-600" {...register("readingDirection")} />
                  {t(`directions.${d}`)}
                </span>
                <span className="mt-1 ps-6 text-xs text-zinc-600 dark:text-zinc-400">{t(`directionHints.${d}`)}</span>
              </label>
            ))}
          </div>
          <FieldError id={`${idPrefix}-direction-error`} message={errors.readingDirection?.message} />
        </fieldset>
      </div>

      <CoverField
        id={`${idPrefix}-cover`}
        value={cover}
        onChange={(next) => {
          setCover(next);
          if (next.file) setCoverRequired(false);
        }}
        error={coverError}
        title={title?.trim() || t("untitled")}
        currentCardUrl={initial?.coverImageUrl ?? null}
        currentBannerUrl={initial?.bannerImageUrl ?? initial?.coverImageUrl ?? null}
      />

      {/* After the cover in reading and focus order (on phones the cover comes below the fields); under the fields on wide screens. */}
      <div className="max-w-xs lg:col-start-1">
        <SubmitButton
          busy={isSubmitting}
          label={editing ? t("submitSave") : t("submitCreate")}
          busyLabel={editing ? t("submittingSave") : t("submittingCreate")}
        />
      </div>
    </form>
  );
}
