const CJK = /[\u3400-\u9fff]/;

/** 陳大文 for Chinese names, "Tai Man Chan" for romanised ones: the way each is written in Hong Kong. */
export function memberName({ firstName, lastName }: { firstName: string; lastName: string }): string {
  return CJK.test(lastName + firstName) ? `${lastName}${firstName}` : `${firstName} ${lastName}`.trim();
}

/** Referees see each other's numbers only in part: enough to recognise a friend, not to copy a number. */
export function maskPhone(phone: string): string {
  return `•••• ${phone.slice(-4)}`;
}
