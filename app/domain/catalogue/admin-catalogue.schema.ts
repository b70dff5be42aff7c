import { z } from "zod";
import { imageAddress, recordId } from "../shared/record-fields.ts";
import { checkbox, messageKeys, optionalText, requiredText } from "../shared/validation.ts";

/**
 * Forms of the catalogue back office (issue 4 item 6): the category tree, merchants and brands.
 * One schema per form, used by Conform in the browser and by the action on the server.
 */

export const SLUG_MAX_LENGTH = 60;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The name in the address (/product?cat=beef, /merchant/san-kee/3): lower-case letters, digits, hyphens. */
export const slug = z
  .string({ error: messageKeys.required })
  .trim()
  .toLowerCase()
  .min(1, messageKeys.required)
  .max(SLUG_MAX_LENGTH, messageKeys.tooLong)
  .regex(SLUG, "admin.validation.slug");

// ——— Category tree (/admin/category) ———

const CATEGORY_NAME_MAX = 30;

/** English pages show these where set, else the Chinese (issue 48 item 2): optional. */
const categoryFields = {
  name: requiredText(CATEGORY_NAME_MAX),
  nameEn: optionalText(CATEGORY_NAME_MAX * 2),
  slug,
  description: optionalText(300),
  descriptionEn: optionalText(600),
  /** The tile on the home page; shown for top-level categories only. */
  image: imageAddress,
};

/**
 * The add and edit dialog of /admin/category: `id` names the category being edited and is absent
 * when adding; `parentId` is the new category's parent, or an edited subcategory's new parent.
 */
export const categoryFormSchema = z.object({
  id: recordId.optional(),
  ...categoryFields,
  parentId: recordId.optional(),
});

/** Adds a top-level category, or a subcategory when `parentId` names its top-level category. */
export const categoryCreateSchema = categoryFormSchema.omit({ id: true });
export type CategoryCreateInput = z.output<typeof categoryCreateSchema>;

/** Renames and re-describes a category; a subcategory may name another top-level parent (a move). */
export const categoryUpdateSchema = categoryFormSchema.extend({ id: recordId });
export type CategoryUpdateInput = z.output<typeof categoryUpdateSchema>;

const moveDirections = ["up", "down"] as const;
export const categoryReorderSchema = z.object({
  id: recordId,
  direction: z.enum(moveDirections, { error: messageKeys.required }),
});
export type CategoryReorderInput = z.output<typeof categoryReorderSchema>;

export const recordDeleteSchema = z.object({ id: recordId });

/** The forms of /admin/category, told apart by their `intent` button or hidden field. */
const categoryIntents = ["create", "update", "reorder", "delete"] as const;
export type CategoryIntent = (typeof categoryIntents)[number];

export function categoryIntentOf(value: FormDataEntryValue | null): CategoryIntent | null {
  return categoryIntents.find((intent) => intent === value) ?? null;
}

// ——— Merchants (/admin/merchant) ———

export const merchantSchema = z.object({
  name: requiredText(60),
  nameEn: optionalText(120),
  slug,
  description: optionalText(2000),
  descriptionEn: optionalText(4000),
  address: optionalText(200),
  addressEn: optionalText(300),
  logo: imageAddress,
  /** Designated merchants deliver to their own pickup points for free (SPEC §1). */
  freeDelivery: checkbox,
  /** Listed under "brand partner stores" in the side menu and on the home page. */
  featured: checkbox,
});
export type MerchantInput = z.output<typeof merchantSchema>;

// ——— Brands (/admin/brand) ———

export const BRAND_POSITION_MAX = 9_999;

export const brandSchema = z.object({
  name: requiredText(60),
  nameEn: optionalText(120),
  slug,
  description: optionalText(2000),
  descriptionEn: optionalText(4000),
  logo: imageAddress,
  /** Meat brands are listed in the side menu. */
  isMeat: checkbox,
  /** Order in /collection and the side menu, smallest first. */
  position: z.coerce
    .number<number>({ error: messageKeys.number })
    .int(messageKeys.number)
    .min(0, "admin.validation.position")
    .max(BRAND_POSITION_MAX, "admin.validation.position")
    .default(0),
});
export type BrandInput = z.output<typeof brandSchema>;
