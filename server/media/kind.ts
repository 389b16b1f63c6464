/** What a stored image is for (media.kind), kept for housekeeping and statistics. */
export const MediaKind = { Other: 0, Cover: 1, Banner: 2, Page: 3, Avatar: 4 } as const;
export type MediaKind = (typeof MediaKind)[keyof typeof MediaKind];

/** Where a stored image's bytes are kept (media.store): in the row, or in the object-storage bucket under its id. */
export const MediaStore = { Database: 0, Bucket: 1 } as const;
export type MediaStore = (typeof MediaStore)[keyof typeof MediaStore];
