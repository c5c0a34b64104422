/**
 * RFC 3986 percent-encoding: encodeURIComponent plus `!'()*`, with `~` kept and a space as
 * `%20`. What S3's and the SMS gateways' canonical requests take (the AWS SDK's
 * extendedEncodeURIComponent), so a signature computed over it is the one they compute.
 */
export const percentEncode = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
