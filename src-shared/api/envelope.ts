import { Type, type Static, type TSchema } from 'typebox';

/** The success code of every envelope; anything else is a failure (spec section 7). */
export const OK_CODE = 200;

/** A row id: a positive 32-bit integer (PostgreSQL serial). */
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** Every answer of the team server: `{ code, msg, data }`. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    code: Type.Integer({ description: '200 on success, else the HTTP-like error code' }),
    msg: Type.String({ description: 'a message key the client translates' }),
    data,
  });

export type EnvelopeOf<T> = { code: number; msg: string; data: T };

/** The envelope of a failure: data may carry details such as validation issues. */
export const ErrorEnvelope = Envelope(Type.Unknown());
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** Paged list as every list route answers it. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
  });
export type PageOf<T> = { list: T[]; total: number; page: number; pageSize: number };

/** Paging query every list route accepts. */
export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })),
};
