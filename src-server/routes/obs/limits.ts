/**
 * The largest file the fallback upload takes: 5 GiB, S3's largest single PUT, so whatever the
 * workstation stores through the server it could also have stored with a presigned URL.
 */
export const MAX_UPLOAD_BYTES = 5 * 1024 ** 3;
