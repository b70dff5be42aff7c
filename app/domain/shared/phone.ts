/** Hong Kong numbers are stored as their 8 digits; `+852`, spaces and dashes are stripped. */
export function normalizeHkPhone(input: string): string {
  const compact = input.replace(/[\s-]/g, "");
  return compact.replace(/^(\+852|00852|852(?=\d{8}$))/, "");
}

export function isHkPhone(digits: string): boolean {
  return /^\d{8}$/.test(digits);
}
