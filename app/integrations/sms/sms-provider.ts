/** SMS to a Hong Kong number (8 digits); providers add the +852 prefix they need. */
export interface SmsMessage {
  to: string;
  body: string;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: number | string,
  ) {
    super(message);
    this.name = "SmsSendError";
  }
}
