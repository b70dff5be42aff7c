import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { withContent } from "~/components/shop/shop-content.tsx";
import { Modal } from "~/components/ui/modal.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { MenuCategory, SideMenuData } from "./menu-data.ts";
import { infoLinks, selectedShops } from "./nav-links.ts";
import { SocialLinks } from "./social-links.tsx";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="menu-section">
      <h2>{title}</h2>
      <ul>{children}</ul>
    </section>
  );
}

/**
 * The brand and category entries, some fifty, all lead to /product: the header's search form
 * (`action="/product"`) has that route found for every page, so they carry no data-discover each.
 */
const productListDiscovery = "none";

/** The side menu of SPEC §2; `onNavigate` closes the drawer on small screens. */
export function SideMenuContent({ menu, onNavigate }: { menu: SideMenuData; onNavigate?: () => void }) {
  const { t, to } = useI18n();
  return (
    <nav aria-label={t("nav.menu")} className="max-h-[800px] overflow-y-auto">
      <Section title={t("menu.topLinks")}>
        {infoLinks.map((link) => (
          <li key={link.to}>
            <Link to={to(link.to)} onClick={onNavigate}>
              {t(link.label)}
            </Link>
          </li>
        ))}
        <li className="px-4 py-2 text-brand-700">
          <SocialLinks urls={menu.social} />
        </li>
      </Section>
      <Section title={t("menu.selectedShops")}>
        {selectedShops.map((link) => (
          <li key={link.to}>
            <Link to={to(link.to)} onClick={onNavigate}>
              {t(link.label)}
            </Link>
          </li>
        ))}
      </Section>
      <Section title={t("menu.meatBrands")}>
        {menu.meatBrands.map((brand) => (
          <li key={brand.slug} lang={brand.nameLang}>
            <Link
              to={to(`/product?collection=${encodeURIComponent(brand.slug)}`)}
              discover={productListDiscovery}
              onClick={onNavigate}
            >
              {brand.name}
            </Link>
          </li>
        ))}
      </Section>
      <Section title={t("menu.partnerStores")}>
        {menu.merchants.map((merchant) => (
          <li key={merchant.id} lang={merchant.nameLang}>
            <Link
              to={to(`/merchant/${encodeURIComponent(merchant.slug)}/${merchant.id}`)}
              onClick={onNavigate}
            >
              {merchant.name}
            </Link>
          </li>
        ))}
      </Section>
      <Section title={t("menu.categories")}>
        {menu.categories.map((cat) => (
          <CategoryEntry key={cat.slug} category={cat} onNavigate={onNavigate} />
        ))}
      </Section>
    </nav>
  );
}

/**
 * A category, closed until chosen. Its subcategories are drawn only once it has been opened: some
 * forty links, two hundred elements of every page, that nobody sees before. Opened before the
 * page's script has arrived, it shows the link to the whole category; the script then draws the
 * rest.
 */
function CategoryEntry({ category, onNavigate }: { category: MenuCategory; onNavigate?: () => void }) {
  const [opened, setOpened] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const i18n = useI18n();
  const { t, to } = i18n;
  useEffect(() => {
    if (details.current?.open) setOpened(true);
  }, []);
  // Written out rather than with the listings' listingHref: that module in the layout's chunk
  // would put /checkout over its 150 kB script budget (bundle-budget.test.ts).
  const slug = encodeURIComponent(category.slug);
  return (
    <li>
      <details ref={details} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
        <summary className="menu-summary">
          <span lang={category.nameLang}>{category.name}</span>
          <small>{t("menu.count", { count: category.count })}</small>
        </summary>
        <ul className="pb-1">
          <li>
            <Link
              to={to(`/product?cat=${slug}`)}
              discover={productListDiscovery}
              className="pl-8"
              onClick={onNavigate}
            >
              {withContent(i18n, "menu.allInCategory", { name: category.name }, { name: category.nameLang })}
            </Link>
          </li>
          {opened
            ? category.subCats.map((sub) => (
                <li key={sub.slug}>
                  <Link
                    to={to(`/product?cat=${slug}&subcat=${encodeURIComponent(sub.slug)}`)}
                    discover={productListDiscovery}
                    className="menu-sublink"
                    onClick={onNavigate}
                  >
                    <span lang={sub.nameLang}>{sub.name}</span>
                    <small>{t("menu.count", { count: sub.count })}</small>
                  </Link>
                </li>
              ))
            : null}
        </ul>
      </details>
    </li>
  );
}

export function SideMenuDrawer({
  menu,
  open,
  onOpenChange,
}: {
  menu: SideMenuData;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useI18n();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      labelledBy="side-menu-title"
      testId="side-menu-drawer"
      className="m-0 h-dvh max-h-none w-[85vw] max-w-xs overflow-y-auto bg-white shadow-xl"
    >
      <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
        <h2 id="side-menu-title" className="font-bold text-brand-800">
          {t("nav.menu")}
        </h2>
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          className="rounded-full p-1 hover:bg-stone-100"
          aria-label={t("nav.closeMenu")}
        >
          <span className="icon icon-close size-5" />
        </button>
      </div>
      <SideMenuContent menu={menu} onNavigate={() => onOpenChange(false)} />
    </Modal>
  );
}
