export const genders = ["female", "male", "other"] as const;
export type Gender = (typeof genders)[number];
