/** The choices of the supplier enquiry and survey forms (no schema code, so pages can list them cheaply). */
export const supplierCategories = [
  "meat",
  "seafood",
  "vegetables",
  "frozen",
  "dry",
  "ready",
  "other",
] as const;
export const surveyRatings = ["1", "2", "3", "4", "5"] as const;
export const surveyFrequencies = ["weekly", "biweekly", "monthly", "rarely"] as const;
export const surveyInterests = ["beef", "pork", "seafood", "vegetables", "frozen", "dry", "ready"] as const;

/** The longest message the contact, supplier and survey forms take (characters). */
export const ENQUIRY_MESSAGE_MAX = 2000;
