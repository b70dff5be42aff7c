import { useRouteLoaderData } from "react-router";
import type { ContentLang } from "~/domain/shared/content-language.ts";
import type { SocialUrls } from "./social-links.tsx";

/** A category of the menus, with its subcategories. */
export interface MenuCategory {
  /** In the page's language, or the Chinese marked `nameLang` where there is no English (issue 48 item 2). */
  name: string;
  nameLang?: ContentLang;
  slug: string;
  /**
   * Products on sale in the page's mode (SPEC §3's all, limited, general and instock documents):
   * a mode's listing counts that mode's products; every other page counts them all.
   */
  count: number;
  subCats: { name: string; nameLang?: ContentLang; slug: string; count: number }[];
}

export interface SideMenuData {
  categories: MenuCategory[];
  meatBrands: { name: string; nameLang?: ContentLang; slug: string }[];
  merchants: { id: number; name: string; nameLang?: ContentLang; slug: string }[];
  social: SocialUrls;
}

/** The shop layout's route in each language (routes.ts), whose loader sends the menus' data. */
const SHOP_LAYOUT_ROUTE = "routes/shop/layout";
const EN_SHOP_LAYOUT_ROUTE = `en/${SHOP_LAYOUT_ROUTE}`;

/** A category of the side menu by its slug, from the data the shop's layout sent with the page. */
export function useMenuCategory(slug: string | undefined): MenuCategory | undefined {
  const zh = useRouteLoaderData<Pick<SideMenuData, "categories">>(SHOP_LAYOUT_ROUTE);
  const en = useRouteLoaderData<Pick<SideMenuData, "categories">>(EN_SHOP_LAYOUT_ROUTE);
  const menu = zh ?? en;
  return slug ? menu?.categories.find((category) => category.slug === slug) : undefined;
}
