/** The storage layer's retry rule lives in src-shared, so the browser's uploads to the host follow the same one. */
export * from '../../../src-shared/transfer/retry';
