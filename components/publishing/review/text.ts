/**
 * User text (titles) inside an interface sentence, isolated with FSI…PDI so that an Arabic title in an English line
 * (or the reverse) keeps the sentence's punctuation where it belongs ("Chapter 5: الهجوم", not "Chapter 5 :الهجوم").
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
