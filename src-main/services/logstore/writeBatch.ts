/**
 * Records on their way from the main process to the writer, one array per column: a columnar
 * batch clones (and, for the numbers, transfers) far faster than an array of objects, which is
 * what lets a burst of hundreds of thousands of records cross threads as one message.
 * `extras` holds each record's extra-info record already as JSON, the form the store keeps.
 */
export interface WriteBatch {
  levels: Uint8Array;
  ats: Float64Array;
  messages: string[];
  extras: string[];
}

/** A row as the store keeps it: the extra-info record still JSON text. */
export interface RawLogRow {
  id: number;
  level: number;
  message: string;
  at: number;
  extra: string;
}
