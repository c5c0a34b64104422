/** One SMS the server wants delivered. */
export interface SmsMessage {
  mobile: string;
  codeType: string;
  code: string;
}

/** Where codes go: an SMS gateway in production, a local outbox file when embedded. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}
