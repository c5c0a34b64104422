/**
 * English texts typed by the Chinese ones. Chinese has a single plural category, so a counted
 * text there is `key_other` alone; English also needs `key_one` ("1 label" / "2 labels"), and
 * this type makes a missing one a compile error. i18next picks the form from `count` through
 * Intl.PluralRules of the language (docs/words.md).
 */
export type EnglishOf<T> = { [K in keyof T]: T[K] extends string ? string : EnglishOf<T[K]> } & {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_one` : never]: string;
};
