export const genders = ["female", "male", "other"] as const;
