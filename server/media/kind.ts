/** What a stored image is for (media.kind), kept for housekeeping and statistics. */
export const MediaKind = { Other: 0, Cover: 1, Banner: 2, Page: 3, Avatar: 4 } as const;
export type MediaKind = (typeof MediaKind)[keyof typeof MediaKind];
