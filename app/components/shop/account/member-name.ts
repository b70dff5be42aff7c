const CJK = /[\u3400-\u9fff]/;

/** 陳大文 for Chinese names, "Tai Man Chan" for romanised ones: the way each is written in Hong Kong. */
export function memberName({ firstName, lastName }: { firstName: string; lastName: string }): string {
  return CJK.test(lastName + firstName) ? `${lastName}${firstName}` : `${firstName} ${lastName}`.trim();
}

/** Referees see each other's numbers only in part: enough to recognise a friend, not to copy a number. */
export function maskPhone(phone: string): string {
  return `**** ${phone.slice(-4)}`;
}

/** "6123 4567": the way a Hong Kong number is read out and printed. */
export function displayPhone(phone: string): string {
  return phone.length === 8 ? `${phone.slice(0, 4)} ${phone.slice(4)}` : phone;
}
