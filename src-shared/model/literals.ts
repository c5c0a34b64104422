import { Type, type TLiteral, type TUnion } from 'typebox';

type LiteralsOf<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };

/** A schema accepting exactly these strings, typed as their union (for `as const` value lists). */
export const literals = <const T extends readonly string[]>(values: T): TUnion<LiteralsOf<T>> =>
  Type.Union(values.map((v) => Type.Literal(v))) as unknown as TUnion<LiteralsOf<T>>;
