/**
 * The listing of the floor (`npm run bench:ssr-floor`): the element structure and size of the shop's
 * `/all` page 1 as a signed-in member sees it (header, side menu, 30 product cards, pagination,
 * footer) rendered by plain JSX from 30 synthetic products held in memory. No database, no session,
 * no CSS. It follows the shop's markup: keep the two alike when the shop's page changes (the bench
 * prints both pages' bytes and elements with BENCH_FLOOR_COMPARE).
 */
import type { ReactNode } from "react";
import { Form, Link, type MetaFunction, useLoaderData } from "react-router";

type Mode = "general" | "limited" | "instock";

interface Product {
  id: number;
  name: string;
  nameEn: string;
  description: string;
  mode: Mode;
  priceCents: number;
  gatherPriceCents: number;
  marketPriceCents: number;
  unit: string;
  defaultWeight: number | null;
  stock: number | null;
  addToCartQty: number;
  maxPerMember: number | null;
  targetBuyers: number | null;
  ageRestricted: boolean;
  images: string[];
  brand: { name: string; slug: string } | null;
  merchant: { id: number; name: string; slug: string } | null;
  buyers: number;
}

interface Category {
  name: string;
  slug: string;
  count: number;
  subCats: { name: string; slug: string; count: number }[];
}

const STEMS = [
  ["本地番薯", "Local Sweet Potatoes", "local-sweet-potatoes"],
  ["元朗白菜仔", "Yuen Long Baby Pak Choi", "yuen-long-baby-pak-choi"],
  ["節瓜", "Hairy Gourds", "hairy-gourds"],
  ["本地西洋菜", "Local Watercress", "local-watercress"],
  ["日本舞茸", "Japanese Maitake Mushrooms", "japanese-maitake"],
  ["加拿大厚切豬扒", "Canadian Thick-cut Pork Chops", "canadian-thick-pork-chops"],
  ["鮮蝦雲吞", "Shrimp Wontons", "shrimp-wontons"],
  ["急凍蝦餃", "Frozen Har Gow", "frozen-har-gow"],
  ["古法生抽", "Traditional Light Soy Sauce", "traditional-light-soy-sauce"],
  ["巴西急凍雞全翼", "Brazilian Frozen Whole Chicken Wings", "brazilian-chicken-wings"],
] as const;
const PACKS = ["（1 斤）", "（6 包）", "（500 克）", "（20 粒）", "（2 公斤）", ""];
const DESCRIPTION = "本地農場即日收割，當日送到自取點，新鮮爽甜，清炒、煲湯、打邊爐都啱。";
const BRANDS = [
  { name: "田園鮮", slug: "tin-yuen-fresh" },
  { name: "楓谷加拿大豬肉", slug: "maple-valley-pork" },
  { name: "老字號醬園", slug: "lo-tsz-ho-sauces" },
];
const MERCHANTS = [
  { id: 1, name: "新記肉食公司", slug: "san-kee-meats" },
  { id: 2, name: "利興凍肉", slug: "lei-hing-frozen" },
  { id: 3, name: "永發雜貨", slug: "wing-fat-grocery" },
  { id: 4, name: "德昌菜檔", slug: "tak-cheong-vegetables" },
  { id: 5, name: "海寶海味", slug: "hoi-po-dried-seafood" },
];
const MEAT_BRANDS = [
  { name: "南十字星澳洲和牛", slug: "southern-cross-wagyu" },
  { name: "金草原美國安格斯", slug: "prairie-gold-angus" },
  { name: "鹿兒島黑毛和牛", slug: "kagoshima-kuroge" },
  { name: "皇家牧場西班牙黑毛豬", slug: "dehesa-real-iberico" },
  { name: "楓谷加拿大豬肉", slug: "maple-valley-pork" },
];
const CATEGORY_NAMES = [
  ["牛肉", "beef"],
  ["豬肉", "pork"],
  ["套餐", "set-meals"],
  ["新鮮蔬菜", "fresh-vegetables"],
  ["急凍食品", "frozen"],
  ["乾貨", "dry-goods"],
  ["即食食品", "instant-food"],
  ["生活服務", "life-services"],
] as const;
const SUBCATEGORY_NAMES = ["原條", "切片", "火鍋片", "套裝", "精選"];

/** 30 products, the same on every request (built once, as a cache would hold them). */
const PRODUCTS: Product[] = Array.from({ length: 30 }, (_, index) => {
  const [stem, stemEn, slug] = STEMS[index % STEMS.length]!;
  const mode: Mode = index < 18 ? "instock" : index % 4 === 0 ? "limited" : "general";
  const gather = 1300 + index * 350;
  const byWeight = index % 7 === 0;
  return {
    id: 100 - index,
    name: `${stem}${PACKS[index % PACKS.length]}`,
    nameEn: `${stemEn} (pack ${index + 1})`,
    description: DESCRIPTION,
    mode,
    priceCents: Math.round(gather * 1.2),
    gatherPriceCents: gather,
    marketPriceCents: Math.round(gather * 1.35),
    unit: byWeight ? "斤" : "件",
    defaultWeight: byWeight ? 2 : null,
    stock: mode === "instock" ? 20 + index * 2 : null,
    addToCartQty: 1,
    maxPerMember: index % 3 === 0 ? 5 : null,
    targetBuyers: mode === "instock" ? null : 10 + (index % 3) * 5,
    ageRestricted: false,
    images: [
      `/uploads/demo/products/${slug}-${(0x1a2b3c4d + index * 7919).toString(16)}-600w.webp`,
      `/uploads/demo/products/${slug}-${(0x4d3c2b1a + index * 104729).toString(16)}-600w.webp`,
    ],
    brand: index % 3 === 0 ? BRANDS[index % BRANDS.length]! : null,
    merchant: index % 2 === 0 ? MERCHANTS[index % MERCHANTS.length]! : null,
    buyers: index % 5,
  };
});

const CATEGORIES: Category[] = CATEGORY_NAMES.map(([name, slug], index) => ({
  name,
  slug,
  count: 5 + index,
  subCats: SUBCATEGORY_NAMES.slice(0, 4 + (index % 2)).map((sub, subIndex) => ({
    name: `${sub}${name}`,
    slug: `${slug}-${subIndex + 1}`,
    count: 1 + ((index + subIndex) % 3),
  })),
}));

const SHOP = {
  name: "齊齊買",
  supportWhatsapp: "85291234567",
  facebookUrl: "https://www.facebook.com/gather.hk",
  instagramUrl: "https://www.instagram.com/gather.hk/",
  topBanners: [
    { text: "聖誕優惠：結帳輸入優惠碼 XMAS2022，貨品總額即享九折", href: "/all" },
    { text: "湊夠人數即享成團價，最多比市價平三成", href: "/guide" },
    { text: "指定商戶自取點免運費，其他自取點運費由同點街坊分攤", href: "/location" },
    { text: "推薦朋友加入，按首次購物貨品金額，雙方各得 5% dDollar 回贈", href: "/referral" },
  ],
};

/** Cut-off of the current cycle (fixed, so the page's size does not change from run to run). */
const CUTOFF = Date.parse("2030-12-04T15:00:00Z");

export function loader() {
  return {
    products: PRODUCTS,
    total: 73,
    page: 1,
    pages: 3,
    sort: "gather",
    modeCounts: { all: 73, general: 33, limited: 18, instock: 22 },
    categories: CATEGORIES,
    meatBrands: MEAT_BRANDS,
    merchants: MERCHANTS,
    shop: SHOP,
    member: { firstName: "大文", dDollarCents: 0 },
    cartCount: 0,
    cutoffAt: new Date(CUTOFF).toISOString(),
    now: new Date().toISOString(),
  };
}

const TITLE = "全部團購 | 齊齊買";
const DESCRIPTION_META = "湊夠人數即享成團價，最多比市價平三成。";
const ORIGIN = "http://127.0.0.1:3500";

export const meta: MetaFunction = () => [
  { name: "theme-color", content: "#6b3f1d" },
  { tagName: "link", rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { title: TITLE },
  { name: "description", content: DESCRIPTION_META },
  { tagName: "link", rel: "canonical", href: `${ORIGIN}/all` },
  { property: "og:site_name", content: "齊齊買" },
  { property: "og:locale", content: "zh_HK" },
  { property: "og:type", content: "website" },
  { property: "og:title", content: TITLE },
  { property: "og:description", content: DESCRIPTION_META },
  { property: "og:url", content: `${ORIGIN}/all` },
  { property: "og:image", content: `${ORIGIN}/og/home.jpg` },
  { property: "og:image:type", content: "image/jpeg" },
  { property: "og:image:width", content: "1200" },
  { property: "og:image:height", content: "630" },
  { property: "og:image:alt", content: "全部團購 的分享圖片" },
  { name: "twitter:card", content: "summary_large_image" },
  { name: "twitter:title", content: TITLE },
  { name: "twitter:description", content: DESCRIPTION_META },
  { name: "twitter:image", content: `${ORIGIN}/og/home.jpg` },
  { name: "twitter:image:alt", content: "全部團購 的分享圖片" },
];

const MODE_LABELS: Record<Mode, string> = { general: "一般團", limited: "限量團", instock: "現貨" };

function money(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

function two(value: number): string {
  return String(value).padStart(2, "0");
}

function Countdown({ cutoffAt, now }: { cutoffAt: string; now: string }) {
  const left = Math.max(0, Math.floor((Date.parse(cutoffAt) - Date.parse(now)) / 1000));
  const days = Math.min(99, Math.floor(left / 86_400));
  return (
    <span className="countdown">
      <b>{two(days)}</b>日<b>{two(Math.floor(left / 3600) % 24)}</b>時<b>{two(Math.floor(left / 60) % 60)}</b>
      分<b>{two(left % 60)}</b>秒
    </span>
  );
}

/** The two social icons, drawn once by the footer and used by reference, as the shop's. */
function SocialSymbols() {
  return (
    <svg aria-hidden="true" className="hidden">
      <symbol id="icon-facebook" viewBox="0 0 24 24">
        <path
          fill="currentColor"
          d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5H16.5V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H7.9v3h2.5V21h3.1z"
        />
      </symbol>
      <symbol id="icon-instagram" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
      </symbol>
    </svg>
  );
}

function SocialIcon({ id }: { id: string }) {
  return (
    <svg aria-hidden="true" className="size-4">
      <use href={`#${id}`} />
    </svg>
  );
}

function Social({
  facebook,
  instagram,
  className,
  drawIcons = false,
}: {
  facebook: string;
  instagram: string;
  className: string;
  drawIcons?: boolean;
}) {
  return (
    <span className={`inline-flex items-center gap-3 ${className}`}>
      {drawIcons ? <SocialSymbols /> : null}
      <a href={facebook} target="_blank" rel="noreferrer noopener" aria-label="Facebook 專頁">
        <SocialIcon id="icon-facebook" />
      </a>
      <a href={instagram} target="_blank" rel="noreferrer noopener" aria-label="Instagram 專頁">
        <SocialIcon id="icon-instagram" />
      </a>
    </span>
  );
}

/** The shop's icons are pictures of its stylesheet: an empty span each. */
function Icon({ name, className = "" }: { name: string; className?: string }) {
  return <span className={`icon icon-${name}${className ? ` ${className}` : ""}`} />;
}

function Header({
  shop,
  cartCount,
  member,
}: {
  shop: typeof SHOP;
  cartCount: number;
  member: { firstName: string; dDollarCents: number };
}) {
  const banner = shop.topBanners[0]!;
  return (
    <header>
      <div className="bg-brand-900 px-4 py-1.5 text-center text-xs text-brand-50 sm:text-sm">
        <p data-testid="top-banner" aria-live="off" className="truncate">
          <Link
            className="underline decoration-brand-300 underline-offset-2 hover:text-white"
            to={banner.href}
          >
            {banner.text}
          </Link>
        </p>
      </div>
      <div className="hidden border-b border-stone-200 bg-white md:block">
        <div className="mx-auto flex max-w-6xl items-center justify-end gap-5 px-4 py-1.5 text-sm text-stone-600">
          <Link className="hover:text-brand-700" to="/guide">
            團購教學
          </Link>
          <Link className="hover:text-brand-700" to="/about">
            關於我們
          </Link>
          <Link className="hover:text-brand-700" to="/referral">
            推薦計劃
          </Link>
          <Link className="hover:text-brand-700" to="/qa">
            常見問題
          </Link>
          <Social facebook={shop.facebookUrl} instagram={shop.instagramUrl} className="text-brand-700" />
        </div>
      </div>
      <div className="bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
          <button
            type="button"
            className="rounded-lg p-2 text-brand-800 hover:bg-brand-50 lg:hidden"
            aria-label="打開選單"
            data-testid="menu-button"
          >
            <Icon name="menu" className="size-6" />
          </button>
          <Link className="flex items-baseline gap-2" aria-label={`${shop.name} 主頁`} to="/">
            <span className="text-2xl font-black tracking-wide text-brand-700">{shop.name}</span>
            <span className="hidden text-xs text-stone-500 sm:inline">社區團購 · 鄰里自取</span>
          </Link>
          <Form role="search" className="ml-auto flex min-w-0 max-w-sm flex-1" action="/product" method="get">
            <label htmlFor="header-search" className="sr-only">
              搜尋全店貨品
            </label>
            <input
              id="header-search"
              type="search"
              maxLength={50}
              placeholder="搜尋貨品，例如：牛柳"
              className="min-w-0 flex-1 rounded-l-full border border-r-0 border-stone-300 bg-stone-50 px-3 py-1.5 text-sm"
              name="name"
            />
            <button
              type="submit"
              aria-label="搜尋全店"
              className="rounded-r-full bg-brand-700 px-3 text-white hover:bg-brand-800"
            >
              <Icon name="search" />
            </button>
          </Form>
        </div>
      </div>
      <div className="bg-brand-700 text-white">
        <div className="mx-auto flex max-w-6xl items-center justify-end gap-1 px-2 py-1 text-sm sm:gap-3 sm:px-4">
          <Link className="bar-link" data-testid="balance" to="/account/dollar">
            <Icon name="coins" />
            <span className="sr-only">dDollar 結餘</span>
            <span className="tabular-nums">{money(member.dDollarCents)}</span>
          </Link>
          <Link className="bar-link" to="/location">
            <Icon name="map-pin" />
            <span className="max-sm:sr-only">自取點</span>
          </Link>
          <Link className="relative bar-link" aria-label={`購物車，購物車有 ${cartCount} 件貨品`} to="/cart">
            <Icon name="cart" />
            <span>購物車</span>
            <span
              data-testid="cart-badge"
              className="ml-0.5 min-w-5 rounded-full bg-accent-500 px-1.5 text-center text-xs leading-5 font-bold"
            >
              {cartCount}
            </span>
          </Link>
          <Link className="bar-link sm:hidden" data-testid="account-link" to="/order">
            <Icon name="user" />
            <span className="sr-only">我的訂單</span>
          </Link>
          <details className="relative hidden sm:block" data-testid="account-menu">
            <summary className="bar-link cursor-pointer list-none">
              <Icon name="user" />
              <span>{member.firstName}</span>
              <Icon name="chevron-down" />
            </summary>
            <nav
              aria-label="帳戶選單"
              className="absolute right-0 z-40 mt-1 w-44 overflow-hidden rounded-lg bg-white py-1 text-stone-800 shadow-lg"
            >
              <Link to="/order">我的訂單</Link>
              <Link to="/account/profile">帳戶資料</Link>
              <Link to="/account/dollar">我的 D幣</Link>
              <Link to="/referral">推薦朋友</Link>
              <Form action="/logout" method="post">
                <button type="submit" className="menu-link w-full text-left">
                  登出
                </button>
              </Form>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

const DIALOG_CLASS =
  "backdrop:bg-black/50 not-modal:fixed not-modal:inset-0 not-modal:z-50 not-modal:shadow-[0_0_0_100vmax_rgb(0_0_0/0.5)]";

function MenuSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="menu-section">
      <h2>{title}</h2>
      <ul>{children}</ul>
    </section>
  );
}

function SideMenu({
  shop,
  categories,
  meatBrands,
  merchants,
}: {
  shop: typeof SHOP;
  categories: Category[];
  meatBrands: typeof MEAT_BRANDS;
  merchants: typeof MERCHANTS;
}) {
  const links: [string, string][] = [
    ["/guide", "團購教學"],
    ["/about", "關於我們"],
    ["/referral", "推薦計劃"],
    ["/qa", "常見問題"],
  ];
  const specials: [string, string][] = [
    ["/product?cat=set-meals", "套餐"],
    ["/whole-piece", "原條牛肉"],
    ["/whole-piece-abs", "原條豬肉"],
    ["/product?cat=frozen&subcat=imported-frozen", "進口急凍食品"],
  ];
  return (
    <aside
      className="hidden w-60 shrink-0 self-start rounded-xl bg-white shadow-sm lg:sticky lg:top-4 lg:block"
      data-testid="side-menu"
    >
      <nav aria-label="選單" className="max-h-[800px] overflow-y-auto">
        <MenuSection title={shop.name}>
          {links.map(([to, label]) => (
            <li key={to}>
              <Link to={to}>{label}</Link>
            </li>
          ))}
          <li className="px-4 py-2 text-brand-700">
            <Social facebook={shop.facebookUrl} instagram={shop.instagramUrl} className="" />
          </li>
        </MenuSection>
        <MenuSection title="精選專門店">
          {specials.map(([to, label]) => (
            <li key={to}>
              <Link to={to}>{label}</Link>
            </li>
          ))}
        </MenuSection>
        <MenuSection title="肉類品牌">
          {meatBrands.map((brand) => (
            <li key={brand.slug}>
              <Link to={`/product?collection=${brand.slug}`}>{brand.name}</Link>
            </li>
          ))}
        </MenuSection>
        <MenuSection title="品牌合作商店">
          {merchants.map((merchant) => (
            <li key={merchant.slug}>
              <Link to={`/merchant/${merchant.slug}/${merchant.id}`}>{merchant.name}</Link>
            </li>
          ))}
        </MenuSection>
        <MenuSection title="產品分類">
          {categories.map((category) => (
            <li key={category.slug}>
              <details className="group">
                <summary className="menu-summary">
                  <span>{category.name}</span>
                  <small>{category.count} 件</small>
                </summary>
                <ul className="pb-1">
                  {/* A closed category's subcategories are drawn once it is opened, as the shop's. */}
                  <li>
                    <Link className="pl-8" to={`/product?cat=${category.slug}`}>
                      全部{category.name}
                    </Link>
                  </li>
                </ul>
              </details>
            </li>
          ))}
        </MenuSection>
      </nav>
    </aside>
  );
}

/** The card's picture (eager and high priority for the first ones, as the shop's). */
function ProductImage({ image, index }: { image: string; index: number }) {
  return (
    <img
      src={image}
      srcSet={`${image.replace("-600w", "-320w")} 320w, ${image} 600w`}
      sizes="(min-width: 1024px) 13rem, (min-width: 640px) 30vw, 46vw"
      width="600"
      height="600"
      alt=""
      loading={index < 2 ? "eager" : "lazy"}
      fetchPriority={index < 2 ? "high" : undefined}
      className="product-img"
    />
  );
}

function ProductCard({
  product,
  index,
  cutoffAt,
  now,
}: {
  product: Product;
  index: number;
  cutoffAt: string;
  now: string;
}) {
  const image = product.images[0]!;
  const per = product.defaultWeight ? `／${product.unit}` : "";
  const off = Math.round((1 - product.gatherPriceCents / product.priceCents) * 100);
  const href = `/all?product=${product.id}`;
  const missing = Math.max(0, (product.targetBuyers ?? 0) - product.buyers);
  return (
    <article className="product-card">
      <div className="product-card-pic">
        <ProductImage image={image} index={index} />
        <span className={product.mode === "general" ? "mode-badge" : `mode-badge mode-badge-${product.mode}`}>
          {MODE_LABELS[product.mode]}
        </span>
      </div>
      <div className="product-card-body">
        <h3>
          <a href={href}>{product.name}</a>
        </h3>
        <div className="prices">
          <p className="price-row">
            <span className="price-label">成團價</span>
            <strong>
              {money(product.gatherPriceCents)}
              {per ? <small>{per}</small> : null}
            </strong>
            <span className="price-off">平 {off}%</span>
          </p>
          <p className="price-others">
            <span>
              原價 {money(product.priceCents)}
              {per}
            </span>
            <span>
              市價 <s>{money(product.marketPriceCents)}</s>
              {per}
            </span>
          </p>
          {product.defaultWeight ? (
            <p className="weight-note">
              約 {product.defaultWeight} {product.unit}，按實際重量退回差額
            </p>
          ) : null}
        </div>
        {product.mode === "instock" ? (
          <p className="stock-note">尚餘 {product.stock} 件</p>
        ) : (
          <div className="group-status">
            <div>
              <p className="progress-text">
                <span>
                  已有 {product.buyers} 人參團 / 目標 {product.targetBuyers} 人
                </span>
                <span>尚差 {missing} 人成團</span>
              </p>
              <div className="progress-track" aria-hidden="true">
                <div
                  style={{ width: `${Math.round((product.buyers / (product.targetBuyers ?? 1)) * 100)}%` }}
                />
              </div>
            </div>
            <p className="cutoff">
              <span>截單</span>
              <Countdown cutoffAt={cutoffAt} now={now} />
            </p>
          </div>
        )}
        {product.brand || product.merchant ? (
          <p className="product-links">
            {product.brand ? (
              <span>
                品牌：<a href={`/product?collection=${product.brand.slug}`}>{product.brand.name}</a>
              </span>
            ) : null}
            {product.merchant ? (
              <span>
                商戶：
                <a href={`/merchant/${product.merchant.slug}/${product.merchant.id}`}>
                  {product.merchant.name}
                </a>
              </span>
            ) : null}
          </p>
        ) : null}
        {/* The grid's one form (ADD_FORM); the cart icon is the button's ::before. */}
        <button type="submit" form={ADD_FORM} value={product.id} className="btn-cart" name="productId">
          加入購物車
        </button>
      </div>
    </article>
  );
}

const ADD_FORM = "add-to-cart";
const PAGE = "min-w-9 rounded-lg px-3 py-1.5 text-center text-sm";

function Footer({ shop }: { shop: typeof SHOP }) {
  const links: [string, string][] = [
    ["/guide", "團購教學"],
    ["/location", "自取點"],
    ["/about", "關於我們"],
    ["/referral", "推薦計劃"],
    ["/qa", "常見問題"],
    ["/terms-and-conditions", "條款及細則"],
  ];
  return (
    <footer className="mt-12 bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-2">
        <nav aria-label="網站連結">
          <h2 className="mb-2 text-sm font-semibold text-white">網站連結</h2>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {links.map(([to, label]) => (
              <li key={to}>
                <Link className="footer-link" to={to}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-sm">
          <h2 className="mb-2 font-semibold text-white">聯絡我們</h2>
          <p>客服時間：星期一至五 10:00–19:00（公眾假期除外）</p>
          <p className="mt-1 flex gap-4">
            <Link className="underline-offset-2 hover:underline" to="/cooperation">
              供應商合作
            </Link>
            <Link className="underline-offset-2 hover:underline" to="/survey">
              顧客問卷
            </Link>
          </p>
          <Social facebook={shop.facebookUrl} instagram={shop.instagramUrl} className="mt-3" drawIcons />
        </div>
      </div>
      <p className="border-t border-brand-800 py-3 text-center text-xs text-brand-300">
        © 2026 {shop.name} Gather。版權所有。
      </p>
    </footer>
  );
}

export default function All() {
  const data = useLoaderData<typeof loader>();
  const modes: [string, string, number][] = [
    ["/all", "全部", data.modeCounts.all],
    ["/general", "一般團", data.modeCounts.general],
    ["/limited", "限量團", data.modeCounts.limited],
    ["/instock", "現貨", data.modeCounts.instock],
  ];
  return (
    <div className="flex min-h-dvh flex-col " data-layout="shop">
      <Header shop={data.shop} cartCount={data.cartCount} member={data.member} />
      <dialog
        aria-labelledby="side-menu-title"
        data-testid="side-menu-drawer"
        className={`${DIALOG_CLASS} m-0 h-dvh max-h-none w-[85vw] max-w-xs overflow-y-auto bg-white shadow-xl`}
      />
      <div className="mx-auto flex w-full max-w-6xl flex-1 gap-6 px-4 py-6">
        <SideMenu
          shop={data.shop}
          categories={data.categories}
          meatBrands={data.meatBrands}
          merchants={data.merchants}
        />
        <main className="min-w-0 flex-1">
          <div className="space-y-4">
            <header className="space-y-2">
              <h1 className="text-2xl font-bold text-brand-900">全部團購</h1>
              <p className="text-sm leading-6 text-stone-600">{DESCRIPTION_META}</p>
            </header>
            <nav aria-label="團購模式" className="-mx-4 overflow-x-auto px-4">
              <ul className="flex gap-2">
                {modes.map(([to, label, count]) => (
                  <li key={to}>
                    <Link aria-current={to === "/all" ? "page" : undefined} className="chip" to={to}>
                      {label}
                      <small>{count}</small>
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl bg-amber-50 px-4 py-3 ring-1 ring-amber-200"
              data-testid="cycle-banner"
            >
              <p className="text-sm text-stone-700">
                <span className="font-semibold text-brand-800">本期截單</span> 12月4日（星期五）23:00
              </p>
              <p className="cutoff">
                <span>截單</span>
                <Countdown cutoffAt={data.cutoffAt} now={data.now} />
              </p>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <Form role="search" className="flex w-full gap-2 sm:max-w-sm" action="/product" method="get">
                <label htmlFor="listing-search" className="sr-only">
                  搜尋產品
                </label>
                <input
                  id="listing-search"
                  type="search"
                  maxLength={50}
                  placeholder="產品名稱，例如：和牛、wagyu"
                  className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm"
                  name="name"
                  defaultValue=""
                />
                <button
                  type="submit"
                  className="rounded-full px-4 py-2 text-sm font-semibold bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-60 flex items-center gap-1"
                >
                  <Icon name="search" />
                  搜尋
                </button>
              </Form>
              <Form className="flex items-center gap-2" action="/all" method="get">
                <label htmlFor="listing-sort" className="text-sm text-stone-600">
                  排序
                </label>
                <select
                  id="listing-sort"
                  name="sort"
                  defaultValue={data.sort}
                  className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-base font-normal"
                >
                  <option value="gather">成團價（低至高）</option>
                  <option value="newest">最新上架</option>
                  <option value="discount">折扣最多</option>
                  <option value="ending">即將截單／快將售罄</option>
                </select>
                <noscript>
                  <button
                    type="submit"
                    className="rounded-lg px-3 py-2 text-sm font-semibold bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-60"
                  >
                    排序
                  </button>
                </noscript>
              </Form>
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-600">
              <p data-testid="listing-count">共 {data.total} 件產品</p>
            </div>
            <form id={ADD_FORM} method="post" action="/cart" hidden>
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="back" value="/all" />
            </form>
            <ul className="product-grid" data-testid="product-grid">
              {data.products.map((product, index) => (
                <li key={product.id}>
                  <ProductCard product={product} index={index} cutoffAt={data.cutoffAt} now={data.now} />
                </li>
              ))}
            </ul>
            <nav aria-label="分頁" className="mt-6 flex flex-col items-center gap-2">
              <ul className="flex flex-wrap items-center justify-center gap-1">
                {Array.from({ length: data.pages }, (_, index) => index + 1).map((page) => (
                  <li key={page}>
                    <Link
                      aria-current={page === data.page ? "page" : undefined}
                      aria-label={`第 ${page} 頁`}
                      className={
                        page === data.page
                          ? `${PAGE} block bg-brand-700 font-bold text-white`
                          : `${PAGE} block bg-white ring-1 ring-stone-300 hover:bg-brand-50`
                      }
                      to={page === 1 ? "/all" : `/all?page=${page}`}
                    >
                      {page}
                    </Link>
                  </li>
                ))}
                <li>
                  <Link
                    rel="next"
                    className={`${PAGE} bg-white ring-1 ring-stone-300 hover:bg-brand-50`}
                    to={`/all?page=${data.page + 1}`}
                  >
                    下一頁
                  </Link>
                </li>
              </ul>
              <p className="text-xs text-stone-500">
                第 {data.page} 頁，共 {data.pages} 頁
              </p>
            </nav>
            <dialog
              aria-labelledby="product-drawer-title"
              data-testid="product-drawer"
              className={`${DIALOG_CLASS} mt-auto mb-0 h-[92dvh] w-full max-w-none overflow-y-auto rounded-t-2xl bg-white p-0 shadow-xl sm:m-auto sm:h-auto sm:max-h-[90dvh] sm:max-w-3xl sm:rounded-2xl`}
            />
          </div>
        </main>
      </div>
      <Footer shop={data.shop} />
      <a
        href={`https://wa.me/${data.shop.supportWhatsapp}`}
        target="_blank"
        rel="noreferrer noopener"
        aria-label="WhatsApp 查詢"
        data-testid="whatsapp-button"
        className="fixed right-4 bottom-4 z-30 flex size-14 items-center justify-center rounded-full bg-[#1e8a4c] text-white shadow-lg hover:bg-[#187540]"
      >
        <Icon name="chat" className="size-7" />
      </a>
    </div>
  );
}
