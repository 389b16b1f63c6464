/**
 * First-strong isolate … pop directional isolate around words people wrote (a title, a username) inside an interface
 * sentence: a Latin name in an Arabic sentence (or the reverse) keeps its place and its punctuation. Interpolated
 * values only; an element of its own takes `dir="auto"` instead.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
