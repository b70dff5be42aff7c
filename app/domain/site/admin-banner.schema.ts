import { z } from "zod";
import { isImageAddress } from "../shared/record-fields.ts";
import { checkbox, messageKeys, optionalText, requiredText } from "../shared/validation.ts";

/**
 * /admin/banner (issue 27 item 6, DESIGN §4.15): the shop's own home carousel, home popup and top
 * text banner. One schema per kind, for Conform in the browser and the action on the server.
 */

/** The kinds an admin edits here, in the order the page lists them. */
export const EDITABLE_BANNER_KINDS = ["carousel", "popup", "top"] as const;
export type EditableBannerKind = (typeof EDITABLE_BANNER_KINDS)[number];

export function editableBannerKind(value: unknown): EditableBannerKind | null {
  return EDITABLE_BANNER_KINDS.find((kind) => kind === value) ?? null;
}

export const BANNER_POSITION_MAX = 9_999;
/** SPEC §2: the top banner shows one short line at a time. */
const TOP_BANNER_MAX_LENGTH = 80;
const BANNER_TITLE_MAX = 30;
const CAROUSEL_SUBTITLE_MAX = 80;
const POPUP_TEXT_MAX = 200;

/** A page of this shop ("/referral", "/product?cat=beef") or an http(s) address elsewhere. */
export function isBannerLink(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const link = z
  .string()
  .trim()
  .max(300, messageKeys.tooLong)
  .refine(isBannerLink, "admin.validation.bannerLink")
  .optional();

const image = z
  .string({ error: "admin.validation.bannerImage" })
  .trim()
  .min(1, "admin.validation.bannerImage")
  .max(500, messageKeys.tooLong)
  .refine(isImageAddress, "admin.validation.imageAddress");

const position = z.coerce
  .number<number>({ error: messageKeys.number })
  .int("admin.validation.position")
  .min(0, "admin.validation.position")
  .max(BANNER_POSITION_MAX, "admin.validation.position")
  .default(0);

/** Switched off, a banner stays here but leaves the storefront. */
const active = checkbox;

/** The English of a text, optional (English pages show the Chinese where blank): words run longer. */
const english = (chineseMax: number) => optionalText(chineseMax * 2);

/** A home carousel slide: words over a 3:1 desktop picture and a 4:3 phone picture. */
const carouselBannerSchema = z.object({
  title: requiredText(BANNER_TITLE_MAX),
  titleEn: english(BANNER_TITLE_MAX),
  subtitle: optionalText(CAROUSEL_SUBTITLE_MAX),
  subtitleEn: english(CAROUSEL_SUBTITLE_MAX),
  href: link,
  imageDesktop: image,
  imageMobile: image,
  position,
  active,
});

/** The home popup: one 4:3 picture, a heading, a line of text and a link (SPEC §2: after 1 s). */
const popupBannerSchema = z.object({
  title: requiredText(BANNER_TITLE_MAX),
  titleEn: english(BANNER_TITLE_MAX),
  subtitle: optionalText(POPUP_TEXT_MAX),
  subtitleEn: english(POPUP_TEXT_MAX),
  href: link,
  image,
  position,
  active,
});

/** One line of the rotating top banner, with an optional link. */
const topBannerSchema = z.object({
  title: requiredText(TOP_BANNER_MAX_LENGTH),
  titleEn: english(TOP_BANNER_MAX_LENGTH),
  href: link,
  position,
  active,
});

export const bannerSchemas = {
  carousel: carouselBannerSchema,
  popup: popupBannerSchema,
  top: topBannerSchema,
} as const;

/** The columns a banner of any kind is saved with. */
export interface BannerValues {
  title: string;
  titleEn: string;
  subtitle: string | null;
  subtitleEn: string;
  href: string | null;
  imageDesktop: string | null;
  imageMobile: string | null;
  position: number;
  active: boolean;
}

/** A valid form of `kind` as the row's columns: the popup's one picture serves both sizes. */
export function bannerValues(
  kind: EditableBannerKind,
  input: z.output<(typeof bannerSchemas)[EditableBannerKind]>,
): BannerValues {
  const common = {
    title: input.title,
    titleEn: input.titleEn ?? "",
    href: input.href || null,
    position: input.position,
    active: input.active,
  };
  if (kind === "carousel" && "imageDesktop" in input) {
    return {
      ...common,
      subtitle: input.subtitle || null,
      subtitleEn: input.subtitleEn ?? "",
      imageDesktop: input.imageDesktop,
      imageMobile: input.imageMobile,
    };
  }
  if (kind === "popup" && "image" in input) {
    return {
      ...common,
      subtitle: input.subtitle || null,
      subtitleEn: input.subtitleEn ?? "",
      imageDesktop: input.image,
      imageMobile: input.image,
    };
  }
  return { ...common, subtitle: null, subtitleEn: "", imageDesktop: null, imageMobile: null };
}
