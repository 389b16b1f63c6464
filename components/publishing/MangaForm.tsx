"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { useForm, useWatch, type UseFormRegisterReturn, type UseFormSetError } from "react-hook-form";
import { useApiMutation } from "@/components/providers/api-query";
import { Banner } from "@/components/ui/Banner";
import { FieldError, RadioCards, SelectField, SubmitButton, TextAreaField, TextField } from "@/components/ui/fields";
import { showServerErrors } from "@/components/ui/server-errors";
import { notifySuccess } from "@/components/ui/toast";
import { useRouter } from "@/i18n/client";
import { isApiError } from "@/lib/api-client";
import { MANGA_LANGUAGES } from "@/lib/manga-language";
import { languageOfTitle } from "@/lib/title-language";
import { PUBLICATION_STATUSES } from "@/lib/publication-status";
import { mangaFormSchema, PUBLISHING_LIMITS, type MangaFormInput, type MangaFormValues } from "@/lib/validation/publishing";
import type { ManagedManga } from "@/server/publishing/managed";
import { formChipClass } from "@/components/ui/control-styles";
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
  language: string;
  publicationStatus: string;
  status: number;
  coverImageUrl: string | null;
  bannerImageUrl: string | null;
}

const DIRECTIONS = ["0", "1", "2"] as const;
const FIELDS = ["title", "description", "genres", "readingDirection", "language", "publicationStatus"] as const;

/**
 * The manga form (docs/decisions/013): create (SubmitManga, then on to the manga's editor) or edit (UpdateManga,
 * prefilled). One zod schema with the server (lib/validation/publishing.ts); field errors, the browser's or the
 * server's, show under their fields in the page's language.
 */
export function MangaForm({ genres, initial }: { genres: readonly GenreOption[]; initial?: MangaFormInitial }) {
  const t = useTranslations("mangaForm");
  const editing = initial !== undefined;
  const idPrefix = editing ? `manga-${initial.id}` : "manga";

  const { register, handleSubmit, setError, setValue, control, formState: { errors, isSubmitting } } = useMangaFields(initial);
  const [cover, setCover] = useState<CoverValue>({ file: null, error: null });
  const [coverRequired, setCoverRequired] = useState(false);
  const { onSubmit, formError } = useMangaSubmit(initial, cover, setCover, () => setCoverRequired(true), setError);
  const title = useWatch({ control, name: "title" });
  const description = useWatch({ control, name: "description" }) ?? "";
  const chosen = useWatch({ control, name: "genres" });
  const chosenCount = Array.isArray(chosen) ? chosen.length : 0;
  // The language follows the title's script as it is typed until the writer picks one (a saved manga's is chosen).
  const languageChosen = useRef(editing);
  useEffect(() => {
    if (!languageChosen.current) setValue("language", languageOfTitle(title ?? ""));
  }, [title, setValue]);
  const languageField = register("language");

  const coverError = cover.error ?? (coverRequired && !cover.file ? t("coverRequired") : null);

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

        <TextAreaField
          id={`${idPrefix}-description`}
          label={t("description")}
          hint={t("descriptionHint", { count: description.length.toLocaleString() })}
          error={errors.description?.message}
          registration={register("description")}
          rows={6}
          dir="auto"
        />

        <GenreChips idPrefix={idPrefix} genres={genres} registration={register("genres")} count={chosenCount} error={genresError} />

        <SelectField
          id={`${idPrefix}-language`}
          label={t("language")}
          hint={t("languageHint")}
          error={errors.language?.message}
          registration={{
            ...languageField,
            onChange: (event) => {
              languageChosen.current = true;
              return languageField.onChange(event);
            },
          }}
        >
          {MANGA_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`languages.${l}`)}
            </option>
          ))}
        </SelectField>

        <SelectField
          id={`${idPrefix}-publication-status`}
          label={t("publicationStatus")}
          hint={t("publicationStatusHint")}
          error={errors.publicationStatus?.message}
          registration={register("publicationStatus")}
        >
          {PUBLICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`publicationStatuses.${s}`)}
            </option>
          ))}
        </SelectField>

        <ReadingDirection idPrefix={idPrefix} registration={register("readingDirection")} error={errors.readingDirection?.message} />
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

/** The form's values, empty or the manga's, checked by the shared schema as each field is left. */
function useMangaFields(initial: MangaFormInitial | undefined) {
  const te = useTranslations("mangaForm.errors");
  const schema = useMemo(() => mangaFormSchema((key) => te(key)), [te]);
  return useForm<MangaFormInput, unknown, MangaFormValues>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: {
      title: initial?.title ?? "",
      description: initial?.description ?? "",
      genres: initial?.genres ?? [],
      readingDirection: String(initial?.readingDirection ?? 0),
      language: initial?.language ?? "en",
      publicationStatus: initial?.publicationStatus ?? "ongoing",
    },
  });
}

/** The reading direction: three cards side by side from the small breakpoint, as before the kit (RadioCards stacks them). */
function ReadingDirection({ idPrefix, registration, error }: { idPrefix: string; registration: UseFormRegisterReturn; error?: string }) {
  const t = useTranslations("mangaForm");
  return (
    <div className="sm:[&_fieldset>div]:grid sm:[&_fieldset>div]:grid-cols-3">
      <RadioCards
        id={`${idPrefix}-direction`}
        legend={t("readingDirection")}
        options={DIRECTIONS.map((d) => ({ value: d, label: t(`directions.${d}`), hint: t(`directionHints.${d}`) }))}
        error={error}
        registration={registration}
      />
    </div>
  );
}

/** The genres as chips (1 to 5 chosen), their count in the hint and the error under them. */
function GenreChips({ idPrefix, genres, registration, count, error }: { idPrefix: string; genres: readonly GenreOption[]; registration: UseFormRegisterReturn; count: number; error?: string }) {
  const t = useTranslations("mangaForm");
  return (
    <fieldset aria-describedby={`${idPrefix}-genres-hint${error ? ` ${idPrefix}-genres-error` : ""}`} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 block text-sm font-semibold text-zinc-800 dark:text-zinc-200">{t("genres")}</legend>
      <p id={`${idPrefix}-genres-hint`} className="mb-2.5 text-xs text-zinc-500 dark:text-zinc-400">{t("genresHint", { count: count })}</p>
      <div className="flex flex-wrap gap-2" data-testid="genre-options">
        {genres.map((genre) => (
          // A genre is the kit's form chip: its check box inside, filled while checked.
          <label key={genre.value} className={formChipClass}>
            <input type="checkbox" value={genre.value} className="sr-only" {...registration} />
            {genre.label}
          </label>
        ))}
      </div>
      <FieldError id={`${idPrefix}-genres-error`} message={error} />
    </fieldset>
  );
}

/** Sends the form (SubmitManga, then to the new manga's editor; or UpdateManga) and puts the server's errors in place. */
function useMangaSubmit(initial: MangaFormInitial | undefined, cover: CoverValue, setCover: Dispatch<SetStateAction<CoverValue>>, requireCover: () => void, setError: UseFormSetError<MangaFormInput>) {
  const t = useTranslations("mangaForm");
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const save = useApiMutation((api, body: FormData) =>
    api<ManagedManga>(initial ? "/api/manga/UpdateManga" : "/api/manga/SubmitManga", { method: initial ? "PUT" : "POST", body, timeoutMs: 120_000 }),
  );

  const onSubmit = async (values: MangaFormValues) => {
    setFormError(null);
    if (!initial && !cover.file) return requireCover();
    if (cover.error) return;
    const body = new FormData();
    if (initial) body.set("id", String(initial.id));
    body.set("title", values.title);
    body.set("description", values.description ?? "");
    for (const genre of values.genres) body.append("genres", genre);
    body.set("readingDirection", String(values.readingDirection ?? 0));
    if (values.language) body.set("language", values.language);
    if (values.publicationStatus) body.set("publicationStatus", values.publicationStatus);
    if (cover.file) body.set("coverImage", cover.file);
    try {
      const manga = await save.mutateAsync(body);
      if (initial) {
        notifySuccess(t("saved"));
        setCover({ file: null, error: null });
        router.refresh();
      } else {
        notifySuccess(t("created", { title: manga.title }));
        router.push(`/dashboard/manga-approval/editor/${manga.id}`);
      }
    } catch (error) {
      const coverMessage = isApiError(error) ? (error.fieldErrors.coverImage?.[0] ?? error.fieldErrors.coverimage?.[0]) : undefined;
      if (coverMessage) setCover((c) => ({ ...c, error: coverMessage }));
      const message = showServerErrors(error, setError, FIELDS, t("failed"));
      setFormError(coverMessage ? null : message);
    }
  };
  return { onSubmit, formError };
}
