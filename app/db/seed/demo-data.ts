/**
 * The demo shop of DESIGN §7 for the tables that exist so far. Plain data: images are drawn by
 * `artwork.server.ts` from the `art` keys below, and `demo.server.ts` writes both.
 */
import type { Area } from "../schema/pickup.ts";

export type Palette = readonly [from: string, to: string];

/** Each Chinese text has its English beside it (`nameEn`), as the back office keeps them (issue 48 item 2). */
export interface DemoCategory {
  slug: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  art: { icon: TileIcon; palette: Palette; ink: string };
  subCats: { slug: string; name: string; nameEn: string; description?: string; descriptionEn?: string }[];
}

export type TileIcon =
  | "beef"
  | "ham"
  | "utensils"
  | "leafy"
  | "snowflake"
  | "wheat"
  | "soup"
  | "house"
  | "store"
  | "fish"
  | "drumstick"
  | "carrot"
  | "package"
  | "sparkles";

/** The eight home categories of SPEC §2, in tile order. */
export const demoCategories: DemoCategory[] = [
  {
    slug: "beef",
    name: "牛肉",
    nameEn: "Beef",
    description: "澳洲、美國及日本直送牛肉，原條、牛扒、火鍋片一應俱全。",
    descriptionEn: "Beef flown in from Australia, the US and Japan: whole cuts, steaks and hotpot slices.",
    art: { icon: "beef", palette: ["#fde8e4", "#f7c6bb"], ink: "#b43a26" },
    subCats: [
      {
        slug: "whole-beef",
        name: "原條牛肉",
        nameEn: "Whole Beef Cuts",
        description: "整條牛柳、西冷及肉眼，按重量計價。",
        descriptionEn: "Whole tenderloin, striploin and ribeye, priced by weight.",
      },
      { slug: "beef-steaks", name: "牛扒", nameEn: "Beef Steaks" },
      { slug: "beef-hotpot-slices", name: "火鍋肥牛片", nameEn: "Beef Hotpot Slices" },
      { slug: "beef-short-ribs", name: "牛肋骨及牛坑腩", nameEn: "Short Ribs and Rib Fingers" },
      { slug: "minced-beef", name: "免治牛肉", nameEn: "Minced Beef" },
    ],
  },
  {
    slug: "pork",
    name: "豬肉",
    nameEn: "Pork",
    description: "西班牙黑毛豬、加拿大及本地豬肉，煎炒燜燉都啱。",
    descriptionEn: "Iberico, Canadian and local pork for frying, stewing and braising.",
    art: { icon: "ham", palette: ["#fdecef", "#f8cdd6"], ink: "#b23a57" },
    subCats: [
      {
        slug: "whole-pork",
        name: "原條豬肉",
        nameEn: "Whole Pork Cuts",
        description: "原條梅頭、豬柳及五花腩，按重量計價。",
        descriptionEn: "Whole pork collar, tenderloin and belly, priced by weight.",
      },
      { slug: "iberico-pork", name: "西班牙黑毛豬", nameEn: "Iberico Pork" },
      { slug: "pork-chops", name: "豬扒", nameEn: "Pork Chops" },
      { slug: "pork-ribs", name: "排骨及肉排", nameEn: "Ribs and Spare Ribs" },
      { slug: "pork-hotpot-slices", name: "火鍋豬肉片", nameEn: "Pork Hotpot Slices" },
    ],
  },
  {
    slug: "set-meals",
    name: "套餐",
    nameEn: "Sets",
    description: "一家大細、打邊爐、燒烤，一次過配好。",
    descriptionEn: "Family dinners, hotpot and barbecue, put together for you.",
    art: { icon: "utensils", palette: ["#fff3dc", "#fbdca6"], ink: "#a8621a" },
    subCats: [
      { slug: "family-sets", name: "家庭套餐", nameEn: "Family Sets" },
      { slug: "hotpot-sets", name: "火鍋套餐", nameEn: "Hotpot Sets" },
      { slug: "bbq-sets", name: "燒烤套餐", nameEn: "BBQ Sets" },
      { slug: "festive-sets", name: "節日套餐", nameEn: "Festive Sets" },
    ],
  },
  {
    slug: "fresh-vegetables",
    name: "新鮮蔬菜",
    nameEn: "Fresh Vegetables",
    description: "本地農場及內地直送時令蔬菜，每週新鮮到貨。",
    descriptionEn: "Seasonal vegetables from local and mainland farms, fresh every week.",
    art: { icon: "leafy", palette: ["#e6f6e2", "#c4e8bb"], ink: "#2f7a34" },
    subCats: [
      { slug: "leafy-greens", name: "葉菜類", nameEn: "Leafy Greens" },
      { slug: "roots-gourds", name: "根莖及瓜類", nameEn: "Roots and Gourds" },
      { slug: "mushrooms", name: "菇菌類", nameEn: "Mushrooms" },
      { slug: "organic-vegetables", name: "有機蔬菜", nameEn: "Organic Vegetables" },
    ],
  },
  {
    slug: "frozen",
    name: "急凍食品",
    nameEn: "Frozen Food",
    description: "進口急凍肉類、海鮮、點心及餃子，雪櫃常備。",
    descriptionEn: "Imported frozen meat, seafood, dim sum and dumplings for the freezer.",
    art: { icon: "snowflake", palette: ["#e3f2fb", "#bfe0f4"], ink: "#1f6f9c" },
    subCats: [
      {
        slug: "imported-frozen",
        name: "進口急凍",
        nameEn: "Imported Frozen",
        description: "日本、澳洲、歐洲進口急凍食品。",
        descriptionEn: "Frozen food imported from Japan, Australia and Europe.",
      },
      { slug: "frozen-seafood", name: "急凍海鮮", nameEn: "Frozen Seafood" },
      { slug: "frozen-dim-sum", name: "急凍點心", nameEn: "Frozen Dim Sum" },
      { slug: "dumplings-wontons", name: "餃子及雲吞", nameEn: "Dumplings and Wontons" },
      { slug: "frozen-poultry", name: "急凍家禽", nameEn: "Frozen Poultry" },
    ],
  },
  {
    slug: "dry-goods",
    name: "乾貨",
    nameEn: "Dry Goods",
    description: "米、麵、海味、醬料及食油，廚房必備。",
    descriptionEn: "Rice, noodles, dried seafood, sauces and cooking oil for the kitchen.",
    art: { icon: "wheat", palette: ["#f8f0e0", "#ecd9b4"], ink: "#8a5a1c" },
    subCats: [
      { slug: "rice-noodles", name: "米及麵", nameEn: "Rice and Noodles" },
      { slug: "dried-seafood", name: "海味", nameEn: "Dried Seafood" },
      { slug: "sauces-seasoning", name: "醬料及調味", nameEn: "Sauces and Seasoning" },
      { slug: "cooking-oil", name: "食油", nameEn: "Cooking Oil" },
      { slug: "grains-beans", name: "雜糧及豆類", nameEn: "Grains and Beans" },
    ],
  },
  {
    slug: "instant-food",
    name: "即食食品",
    nameEn: "Instant Food",
    description: "即食麵、罐頭、零食及飲品，返工返學隨手可食。",
    descriptionEn: "Instant noodles, cans, snacks and drinks, ready when you are.",
    art: { icon: "soup", palette: ["#fff0e3", "#fdd3b0"], ink: "#c2561b" },
    subCats: [
      { slug: "instant-noodles", name: "即食麵", nameEn: "Instant Noodles" },
      { slug: "canned-food", name: "罐頭食品", nameEn: "Canned Food" },
      { slug: "snacks", name: "零食", nameEn: "Snacks" },
      { slug: "ready-meals", name: "即食飯及粥", nameEn: "Ready Meals and Congee" },
      { slug: "drinks", name: "飲品及酒類", nameEn: "Drinks and Alcohol" },
    ],
  },
  {
    slug: "life-services",
    name: "生活服務",
    nameEn: "Home Services",
    description: "家居清潔、冷氣清洗、家電維修，街坊價錢上門服務。",
    descriptionEn: "Home cleaning, air-conditioner cleaning and appliance repair at neighbourly prices.",
    art: { icon: "house", palette: ["#ede9fb", "#d4cbf4"], ink: "#5a45a8" },
    subCats: [
      { slug: "home-cleaning", name: "家居清潔", nameEn: "Home Cleaning" },
      { slug: "aircon-cleaning", name: "冷氣機清洗", nameEn: "Air-conditioner Cleaning" },
      { slug: "appliance-repair", name: "家電維修", nameEn: "Appliance Repair" },
      { slug: "laundry", name: "洗衣及乾洗", nameEn: "Laundry and Dry Cleaning" },
    ],
  },
];

export interface DemoMerchant {
  slug: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  address: string;
  addressEn: string;
  freeDelivery: boolean;
  featured: boolean;
  art: { icon: TileIcon; palette: Palette };
}

export const demoMerchants: DemoMerchant[] = [
  {
    slug: "san-kee-meats",
    name: "新記肉食公司",
    nameEn: "San Kee Meats",
    description: "觀塘經營三十年的老字號肉檔，專營原條牛肉及豬肉，即場代切。",
    descriptionEn:
      "A Kwun Tong butcher of thirty years for whole beef and pork, cut to order while you wait.",
    address: "九龍觀塘協和街 101 號地舖",
    addressEn: "G/F, 101 Hip Wo Street, Kwun Tong, Kowloon",
    freeDelivery: true,
    featured: true,
    art: { icon: "beef", palette: ["#b43a26", "#7c2415"] },
  },
  {
    slug: "lei-hing-frozen",
    name: "利興凍肉",
    nameEn: "Lei Hing Frozen Meat",
    description: "荃灣街坊熟悉的凍肉專門店，進口急凍肉類及海鮮選擇多。",
    descriptionEn:
      "The Tsuen Wan frozen meat shop neighbours know, with plenty of imported frozen meat and seafood.",
    address: "新界荃灣沙咀道 68 號地下 B 舖",
    addressEn: "Shop B, G/F, 68 Sha Tsui Road, Tsuen Wan, New Territories",
    freeDelivery: true,
    featured: true,
    art: { icon: "snowflake", palette: ["#1f6f9c", "#134a6b"] },
  },
  {
    slug: "wing-fat-grocery",
    name: "永發雜貨",
    nameEn: "Wing Fat Grocery",
    description: "大圍街市旁的雜貨舖，米、油、醬料、乾貨樣樣齊。",
    descriptionEn: "A grocer beside Tai Wai market: rice, oil, sauces and dry goods of every kind.",
    address: "新界沙田大圍積輝街 12 號地舖",
    addressEn: "G/F, 12 Chik Fai Street, Tai Wai, Sha Tin, New Territories",
    freeDelivery: true,
    featured: true,
    art: { icon: "package", palette: ["#8a5a1c", "#5c3a10"] },
  },
  {
    slug: "tak-cheong-vegetables",
    name: "德昌菜檔",
    nameEn: "Tak Cheong Vegetables",
    description: "每朝從上水及元朗農場入貨，旺角街坊的菜檔。",
    descriptionEn: "A Mong Kok vegetable stall stocked each morning from farms in Sheung Shui and Yuen Long.",
    address: "九龍旺角廣華街 32 號地舖",
    addressEn: "G/F, 32 Kwong Wa Street, Mong Kok, Kowloon",
    freeDelivery: false,
    featured: true,
    art: { icon: "carrot", palette: ["#2f7a34", "#1d5121"] },
  },
  {
    slug: "hoi-po-dried-seafood",
    name: "海寶海味",
    nameEn: "Hoi Po Dried Seafood",
    description: "上環海味街的家族生意，花膠、冬菇、瑤柱及蝦米。",
    descriptionEn:
      "A family business on Sheung Wan's dried seafood street: fish maw, mushrooms, scallops and shrimps.",
    address: "香港上環德輔道西 88 號地舖",
    addressEn: "G/F, 88 Des Voeux Road West, Sheung Wan, Hong Kong",
    freeDelivery: false,
    featured: true,
    art: { icon: "fish", palette: ["#b7791f", "#7b4f12"] },
  },
  {
    slug: "good-neighbour-home",
    name: "好鄰居家居服務",
    nameEn: "Good Neighbour Home Services",
    description: "灣仔起家的家居服務團隊，提供清潔、冷氣清洗及家電維修。",
    descriptionEn:
      "A home services team from Wan Chai for cleaning, air-conditioner cleaning and appliance repair.",
    address: "香港灣仔軒尼詩道 302 號 8 樓",
    addressEn: "8/F, 302 Hennessy Road, Wan Chai, Hong Kong",
    freeDelivery: false,
    featured: false,
    art: { icon: "sparkles", palette: ["#5a45a8", "#3b2c75"] },
  },
];

export interface DemoBrand {
  slug: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  isMeat: boolean;
  /** Badge colours loosely after the country of origin; no text is drawn in images. */
  art: { icon: TileIcon; palette: Palette; ring: string };
}

export const demoBrands: DemoBrand[] = [
  {
    slug: "southern-cross-wagyu",
    name: "南十字星澳洲和牛",
    nameEn: "Southern Cross Australian Wagyu",
    description: "澳洲昆士蘭穀飼和牛，雪花均勻，適合煎扒及燒烤。",
    descriptionEn: "Grain-fed Queensland wagyu with even marbling, for steaks and barbecue.",
    isMeat: true,
    art: { icon: "beef", palette: ["#1d3a7a", "#10224d"], ring: "#f2c230" },
  },
  {
    slug: "prairie-gold-angus",
    name: "金草原美國安格斯",
    nameEn: "Golden Prairie US Angus",
    description: "美國中西部安格斯牛，USDA Prime 及 Choice 級別。",
    descriptionEn: "Angus beef from the American Midwest, USDA Prime and Choice grades.",
    isMeat: true,
    art: { icon: "beef", palette: ["#b22234", "#7d1422"], ring: "#ffffff" },
  },
  {
    slug: "kagoshima-kuroge",
    name: "鹿兒島黑毛和牛",
    nameEn: "Kagoshima Kuroge Wagyu",
    description: "日本鹿兒島 A4、A5 黑毛和牛，火鍋及壽喜燒首選。",
    descriptionEn: "A4 and A5 Japanese black wagyu from Kagoshima, the pick for hotpot and sukiyaki.",
    isMeat: true,
    art: { icon: "beef", palette: ["#d7263d", "#a01527"], ring: "#ffffff" },
  },
  {
    slug: "dehesa-real-iberico",
    name: "皇家牧場西班牙黑毛豬",
    nameEn: "Royal Ranch Iberico Pork",
    description: "西班牙 Dehesa 放養黑毛豬，以橡果餵飼，肉質帶果仁香。",
    descriptionEn: "Free-range Iberico pigs from the Spanish dehesa, acorn-fed for a nutty flavour.",
    isMeat: true,
    art: { icon: "ham", palette: ["#c60b1e", "#8f0715"], ring: "#ffc400" },
  },
  {
    slug: "maple-valley-pork",
    name: "楓谷加拿大豬肉",
    nameEn: "Maple Valley Canadian Pork",
    description: "加拿大草原農場豬肉，肉質嫩滑，價錢實惠。",
    descriptionEn: "Tender pork from Canadian prairie farms at an honest price.",
    isMeat: true,
    art: { icon: "ham", palette: ["#d52b1e", "#9c1d14"], ring: "#ffffff" },
  },
  {
    slug: "tin-yuen-fresh",
    name: "田園鮮",
    nameEn: "Farm Fresh",
    description: "新界本地農場聯營品牌，無農藥殘留檢測合格。",
    descriptionEn: "A brand of local New Territories farms, tested free of pesticide residue.",
    isMeat: false,
    art: { icon: "leafy", palette: ["#3d8b40", "#25602a"], ring: "#d9f0c8" },
  },
  {
    slug: "harbour-frozen",
    name: "海港急凍",
    nameEn: "Harbour Frozen",
    description: "急凍海鮮及點心，零下十八度冷鏈送到自取點。",
    descriptionEn: "Frozen seafood and dim sum, kept at minus 18 °C all the way to the pickup point.",
    isMeat: false,
    art: { icon: "fish", palette: ["#1f6f9c", "#134a6b"], ring: "#bfe0f4" },
  },
  {
    slug: "lo-tsz-ho-sauces",
    name: "老字號醬園",
    nameEn: "Heritage Sauce Works",
    description: "古法生抽、老抽及蠔油，香港製造逾六十年。",
    descriptionEn:
      "Light and dark soy sauce and oyster sauce made the old way in Hong Kong for over sixty years.",
    isMeat: false,
    art: { icon: "soup", palette: ["#6b3f1d", "#4f2e15"], ring: "#e6cbb0" },
  },
];

export interface DemoDistrict {
  name: string;
  nameEn: string;
  area: Area;
}

/** Ordered as shown on /location: Hong Kong Island, Kowloon, then the New Territories. */
export const demoDistricts: DemoDistrict[] = [
  { name: "中西區", nameEn: "Central and Western", area: "香港島" },
  { name: "灣仔區", nameEn: "Wan Chai", area: "香港島" },
  { name: "東區", nameEn: "Eastern", area: "香港島" },
  { name: "油尖旺區", nameEn: "Yau Tsim Mong", area: "九龍" },
  { name: "深水埗區", nameEn: "Sham Shui Po", area: "九龍" },
  { name: "觀塘區", nameEn: "Kwun Tong", area: "九龍" },
  { name: "沙田區", nameEn: "Sha Tin", area: "新界及離島" },
  { name: "荃灣區", nameEn: "Tsuen Wan", area: "新界及離島" },
  { name: "西貢區", nameEn: "Sai Kung", area: "新界及離島" },
  { name: "屯門區", nameEn: "Tuen Mun", area: "新界及離島" },
];

export interface DemoPickupPoint {
  district: string;
  name: string;
  nameEn: string;
  address: string;
  addressEn: string;
  hours?: string;
  hoursEn?: string;
  /** ISO weekdays it opens, matching `hours`; Monday to Friday when left out. */
  openDays?: number[];
  deliveryChargeCents: number;
  runFeeCents?: number;
  merchant?: string;
}

const longHours = "星期一至六 09:00–20:00（公眾假期除外）";
const longHoursEn = "Mon–Sat 09:00–20:00 (except public holidays)";

export const demoPickupPoints: DemoPickupPoint[] = [
  {
    district: "中西區",
    name: "上環海寶海味",
    nameEn: "Sheung Wan – Hoi Po Dried Seafood",
    address: "香港上環德輔道西 88 號地舖",
    addressEn: "G/F, 88 Des Voeux Road West, Sheung Wan, Hong Kong",
    deliveryChargeCents: 1000,
    merchant: "hoi-po-dried-seafood",
  },
  {
    district: "灣仔區",
    name: "灣仔駱克道",
    nameEn: "Wan Chai – Lockhart Road",
    address: "香港灣仔駱克道 188 號兆安中心地下 3 號舖",
    addressEn: "Shop 3, G/F, Siu On Centre, 188 Lockhart Road, Wan Chai, Hong Kong",
    deliveryChargeCents: 1500,
  },
  {
    district: "灣仔區",
    name: "銅鑼灣渣甸街",
    nameEn: "Causeway Bay – Jardine's Bazaar",
    address: "香港銅鑼灣渣甸街 50 號地下 A 舖",
    addressEn: "Shop A, G/F, 50 Jardine's Bazaar, Causeway Bay, Hong Kong",
    deliveryChargeCents: 1500,
    runFeeCents: 12000,
  },
  {
    district: "東區",
    name: "北角英皇道",
    nameEn: "North Point – King's Road",
    address: "香港北角英皇道 438 號地舖",
    addressEn: "G/F, 438 King's Road, North Point, Hong Kong",
    deliveryChargeCents: 1200,
  },
  {
    district: "東區",
    name: "鰂魚涌海光街",
    nameEn: "Quarry Bay – Hoi Kwong Street",
    address: "香港鰂魚涌海光街 11 號地下",
    addressEn: "G/F, 11 Hoi Kwong Street, Quarry Bay, Hong Kong",
    deliveryChargeCents: 1200,
    runFeeCents: 10000,
  },
  {
    district: "油尖旺區",
    name: "旺角德昌菜檔",
    nameEn: "Mong Kok – Tak Cheong Vegetables",
    address: "九龍旺角廣華街 32 號地舖",
    addressEn: "G/F, 32 Kwong Wa Street, Mong Kok, Kowloon",
    hours: "星期一至六 08:00–18:00（公眾假期除外）",
    hoursEn: "Mon–Sat 08:00–18:00 (except public holidays)",
    openDays: [1, 2, 3, 4, 5, 6],
    deliveryChargeCents: 1000,
    merchant: "tak-cheong-vegetables",
  },
  {
    district: "油尖旺區",
    name: "油麻地上海街",
    nameEn: "Yau Ma Tei – Shanghai Street",
    address: "九龍油麻地上海街 280 號地舖",
    addressEn: "G/F, 280 Shanghai Street, Yau Ma Tei, Kowloon",
    deliveryChargeCents: 1000,
  },
  {
    district: "深水埗區",
    name: "長沙灣道",
    nameEn: "Cheung Sha Wan Road",
    address: "九龍深水埗長沙灣道 303 號地舖",
    addressEn: "G/F, 303 Cheung Sha Wan Road, Sham Shui Po, Kowloon",
    deliveryChargeCents: 800,
    runFeeCents: 8000,
  },
  {
    district: "觀塘區",
    name: "觀塘新記肉食",
    nameEn: "Kwun Tong – San Kee Meats",
    address: "九龍觀塘協和街 101 號地舖",
    addressEn: "G/F, 101 Hip Wo Street, Kwun Tong, Kowloon",
    hours: longHours,
    hoursEn: longHoursEn,
    openDays: [1, 2, 3, 4, 5, 6],
    deliveryChargeCents: 0,
    merchant: "san-kee-meats",
  },
  {
    district: "觀塘區",
    name: "藍田啟田道",
    nameEn: "Lam Tin – Kai Tin Road",
    address: "九龍藍田啟田道 49 號地下 6 號舖",
    addressEn: "Shop 6, G/F, 49 Kai Tin Road, Lam Tin, Kowloon",
    deliveryChargeCents: 1200,
    runFeeCents: 15000,
  },
  {
    district: "沙田區",
    name: "大圍永發雜貨",
    nameEn: "Tai Wai – Wing Fat Grocery",
    address: "新界沙田大圍積輝街 12 號地舖",
    addressEn: "G/F, 12 Chik Fai Street, Tai Wai, Sha Tin, New Territories",
    hours: longHours,
    hoursEn: longHoursEn,
    openDays: [1, 2, 3, 4, 5, 6],
    deliveryChargeCents: 0,
    merchant: "wing-fat-grocery",
  },
  {
    district: "沙田區",
    name: "沙田第一城",
    nameEn: "City One Shatin",
    address: "新界沙田銀城街 2 號地下 G12 舖",
    addressEn: "Shop G12, G/F, 2 Ngan Shing Street, Sha Tin, New Territories",
    deliveryChargeCents: 1200,
    runFeeCents: 12000,
  },
  {
    district: "荃灣區",
    name: "荃灣利興凍肉",
    nameEn: "Tsuen Wan – Lei Hing Frozen Meat",
    address: "新界荃灣沙咀道 68 號地下 B 舖",
    addressEn: "Shop B, G/F, 68 Sha Tsui Road, Tsuen Wan, New Territories",
    hours: longHours,
    hoursEn: longHoursEn,
    openDays: [1, 2, 3, 4, 5, 6],
    deliveryChargeCents: 0,
    merchant: "lei-hing-frozen",
  },
  {
    district: "荃灣區",
    name: "荃灣眾安街",
    nameEn: "Tsuen Wan – Chung On Street",
    address: "新界荃灣眾安街 55 號地舖",
    addressEn: "G/F, 55 Chung On Street, Tsuen Wan, New Territories",
    deliveryChargeCents: 1200,
  },
  {
    district: "西貢區",
    name: "將軍澳唐德街",
    nameEn: "Tseung Kwan O – Tong Tak Street",
    address: "新界將軍澳唐德街 9 號地下 15 號舖",
    addressEn: "Shop 15, G/F, 9 Tong Tak Street, Tseung Kwan O, New Territories",
    deliveryChargeCents: 1500,
    runFeeCents: 20000,
  },
  {
    district: "屯門區",
    name: "屯門屯興路",
    nameEn: "Tuen Mun – Tuen Hing Road",
    address: "新界屯門屯興路 1 號地下 22 號舖",
    addressEn: "Shop 22, G/F, 1 Tuen Hing Road, Tuen Mun, New Territories",
    deliveryChargeCents: 1800,
    runFeeCents: 18000,
  },
];

export const demoSettings = {
  shopName: "齊齊買",
  supportWhatsapp: "85291234567",
  facebookUrl: "https://www.facebook.com/gather.hk",
  instagramUrl: "https://www.instagram.com/gather.hk/",
};

/**
 * The rotating top banner's lines (kind `top` in banners), in order. Like the carousel and popup
 * below, they are demo content an admin edits or deletes at /admin/banner.
 */
export const demoTopBanners: { title: string; titleEn: string; href: string | null }[] = [
  {
    title: "聖誕優惠：結帳輸入優惠碼 XMAS2022，貨品總額即享九折",
    titleEn: "Christmas offer: enter XMAS2022 at checkout for 10% off your items",
    href: "/all",
  },
  {
    title: "湊夠人數即享成團價，最多比市價平三成",
    titleEn: "Group price once enough neighbours join: up to 30% below market prices",
    href: "/guide",
  },
  {
    title: "指定商戶自取點免運費，其他自取點運費由同點街坊分攤",
    titleEn: "Free delivery to partner stores' pickup points; elsewhere neighbours share the fee",
    href: "/location",
  },
  {
    title: "推薦朋友加入，按首次購物貨品金額，雙方各得 5% dDollar 回贈",
    titleEn: "Refer a friend: you both get 5% of their first purchase back in dDollar",
    href: "/referral",
  },
];

export type BannerArt = "xmas" | "beef" | "vegetables" | "referral" | "location";

export interface DemoBanner {
  kind: "carousel" | "popup" | "location";
  title: string;
  titleEn: string;
  subtitle: string;
  subtitleEn: string;
  href: string;
  art: BannerArt;
}

export const demoBanners: DemoBanner[] = [
  {
    kind: "carousel",
    title: "聖誕團購節",
    titleEn: "Christmas Group-Buy Festival",
    subtitle: "結帳輸入優惠碼 XMAS2022，貨品總額即享九折",
    subtitleEn: "Enter XMAS2022 at checkout for 10% off your items",
    href: "/all",
    art: "xmas",
  },
  {
    kind: "carousel",
    title: "澳洲和牛一般團",
    titleEn: "Australian Wagyu Group Buy",
    subtitle: "湊夠人數即享成團價，差價以 dDollar 退回",
    subtitleEn: "Group price once enough join; the difference back in dDollar",
    href: "/product?cat=beef",
    art: "beef",
  },
  {
    kind: "carousel",
    title: "本地新鮮蔬菜",
    titleEn: "Fresh Local Vegetables",
    subtitle: "新界農場每週直送，新鮮又抵食",
    subtitleEn: "Straight from New Territories farms every week",
    href: "/product?cat=fresh-vegetables",
    art: "vegetables",
  },
  {
    kind: "carousel",
    title: "推薦朋友 齊齊賺",
    titleEn: "Refer Friends, Earn Together",
    subtitle: "好友首次購物貨品金額，雙方各得 5% dDollar",
    subtitleEn: "5% of a friend's first purchase in dDollar for each of you",
    href: "/referral",
    art: "referral",
  },
  {
    kind: "popup",
    title: "新會員推薦獎賞",
    titleEn: "New Member Referral Reward",
    subtitle: "推薦好友加入，好友首次購物貨品金額的 10% 由你同好友平分，以 dDollar 回贈。",
    subtitleEn: "Refer a friend: 10% of their first purchase is split between you two, in dDollar.",
    href: "/referral",
    art: "referral",
  },
  {
    kind: "location",
    title: "全港自取點",
    titleEn: "Pickup Points across Hong Kong",
    subtitle: "揀個近你嘅自取點，放工順路取貨",
    subtitleEn: "Choose one near you and collect on your way home",
    href: "/location",
    art: "location",
  },
];

/** DESIGN §7: XMAS2022 (pay 90%) is part of the test contract; the others show the limits. */
export const demoDiscountCodes = [
  { code: "XMAS2022", description: "聖誕優惠：貨品九折", percentageDiscount: 90 },
  {
    code: "WELCOME95",
    description: "新會員首單九五折（滿 $200）",
    percentageDiscount: 95,
    perMemberLimit: 1,
    minItemsCents: 20_000,
  },
  { code: "FLASH80", description: "限時八折（首 100 張訂單）", percentageDiscount: 80, totalLimit: 100 },
];

/**
 * Demo members (issue 7): most agreed to promotions, so /admin/email has someone to send to; their
 * addresses are on the reserved example.com domain and land in the demo outbox.
 */
export const demoMembers = [
  { phone: "91000001", lastName: "陳", firstName: "大文", agreePromotion: true },
  { phone: "91000002", lastName: "李", firstName: "小梅", agreePromotion: true },
  { phone: "91000003", lastName: "張", firstName: "家明", agreePromotion: true },
  { phone: "91000004", lastName: "黃", firstName: "美玲", agreePromotion: true },
  { phone: "91000005", lastName: "何", firstName: "志強", agreePromotion: false },
  { phone: "91000006", lastName: "林", firstName: "嘉欣", agreePromotion: true },
  { phone: "91000007", lastName: "吳", firstName: "偉倫", agreePromotion: false },
  { phone: "91000008", lastName: "劉", firstName: "詠詩", agreePromotion: true },
].map((member) => ({ ...member, email: `demo${member.phone}@example.com` }));
