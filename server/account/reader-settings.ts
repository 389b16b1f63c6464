import { z } from "zod";
import { BINDING_IDS, MAX_KEY_NAME, MAX_KEYS_PER_BINDING, SWIPE_SENSITIVITIES, isBindableKey, type BindingId } from "@/lib/reader-keys";

/**
 * The reader's settings as the account keeps them (issue 32, items 4 and 5; docs/decisions/009): key bindings (the
 * reader's changes over the defaults, lib/reader-keys.ts), touch settings, the reading settings for every series
 * (`prefs`) and per series (`series`, by manga id, the most recent MAX_SERIES). Data saver is the device's and stays in
 * the browser. A PUT replaces the whole document; anything not valid is refused (422) and nothing is stored.
 */
export const MAX_SERIES = 200;
/** The request's cap (a full document of 200 series is about 15 kB). */
export const READER_SETTINGS_MAX_BYTES = 32 * 1024;
/** The stored document's cap, measured as JSON text after validation. */
export const READER_SETTINGS_MAX_STORED = 24 * 1024;

const readingSettings = {
  view: z.enum(["single", "double", "vertical"]).optional(),
  fit: z.enum(["height", "width"]).optional(),
  direction: z.union([z.literal(0), z.literal(1)]).optional(),
  coverAlone: z.boolean().optional(),
  shift: z.boolean().optional(),
};

const seriesEntry = z.object({ ...readingSettings, at: z.number().int().min(0).max(8.64e15).optional() }).strict();

const keyName = z.string().min(1).max(MAX_KEY_NAME).refine(isBindableKey, "This key cannot be bound.");

export const readerSettingsDocument = z
  .object({
    prefs: z.object({ ...readingSettings, allSeries: z.boolean().optional() }).strict().default({}),
    series: z
      .record(z.string().regex(/^[1-9]\d{0,8}$/, "A series is named by its manga id."), seriesEntry)
      .refine((m) => Object.keys(m).length <= MAX_SERIES, `At most ${MAX_SERIES} series.`)
      .default({}),
    keys: z
      .object(Object.fromEntries(BINDING_IDS.map((b) => [b, z.array(keyName).min(1).max(MAX_KEYS_PER_BINDING).optional()])) as Record<BindingId, z.ZodOptional<z.ZodArray<typeof keyName>>>)
      .strict()
      .default({}),
    touch: z
      .object({ tapZones: z.boolean().optional(), swipe: z.boolean().optional(), swipeSensitivity: z.enum(SWIPE_SENSITIVITIES).optional() })
      .strict()
      .default({}),
  })
  .strict();

export type ReaderSettingsDocument = z.infer<typeof readerSettingsDocument>;

/** GET's answer: the stored document, or null when the account has none yet (the reader then keeps the browser's). */
export interface ReaderSettingsAnswer {
  settings: ReaderSettingsDocument | null;
  updatedAt: string | null;
}
