import { z } from "zod";

/**
 * The composer's form (root to one user or everyone, a writer to the administrators), checked in the browser with
 * the server's rules for a message (server/notifications/input.ts): trimmed, not empty, at most 1000 characters
 * (counted as the server does, by code point). The recipient is required when writing to one user; the type is 1–4.
 */
export const MESSAGE_MAX = 1000;

export type ComposerMessages = { recipientRequired: string; messageRequired: string; messageTooLong: string };

export const messageLength = (text: string): number => [...text.trim()].length;

export function composerSchema(toUser: boolean, m: ComposerMessages) {
  return z.object({
    recipient: toUser ? z.string().trim().min(1, { error: m.recipientRequired }) : z.string(),
    message: z
      .string()
      .trim()
      .min(1, { error: m.messageRequired })
      .refine((s) => messageLength(s) <= MESSAGE_MAX, { error: m.messageTooLong }),
    type: z.string().transform(Number),
  });
}

export type ComposerInput = z.input<ReturnType<typeof composerSchema>>;
export type ComposerValues = z.output<ReturnType<typeof composerSchema>>;
