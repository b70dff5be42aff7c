const CJK = /[\u3400-\u9fff]/;

/** 陳大文 for Chinese names, "Tai Man Chan" for romanised ones: the way each is written in Hong Kong. */
export function memberName({ firstName, lastName }: { firstName: string; lastName: string }): string {
  return CJK.test(lastName + firstName) ? `${lastName}${firstName}` : `${firstName} ${lastName}`.trim();
}

/** Referees see each other's numbers only in part: enough to recognise a friend, not to copy a number. */
function maskPhone(phone: string): string {
  return `**** ${phone.slice(-4)}`;
}

/**
 * A referrer and their referee see each other the same way (DESIGN §4.11): the surname and the last
 * four digits, so a link passed round a WhatsApp group gives nobody a number. Made on the server.
 */
export function maskedNeighbor(member: { lastName: string; phone: string }): { name: string; phone: string } {
  const surname = Array.from(member.lastName.trim()).slice(0, 12).join("");
  return { name: `${surname || "—"}**`, phone: maskPhone(member.phone) };
}

/** "6123 4567": the way a Hong Kong number is read out and printed. */
export function displayPhone(phone: string): string {
  return phone.length === 8 ? `${phone.slice(0, 4)} ${phone.slice(4)}` : phone;
}
