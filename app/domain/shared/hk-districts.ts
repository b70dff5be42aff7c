/** Hong Kong's three areas and 18 districts, for the member profile (area → adminDistrict). */
export const hkAreas = {
  香港島: ["中西區", "灣仔區", "東區", "南區"],
  九龍: ["油尖旺區", "深水埗區", "九龍城區", "黃大仙區", "觀塘區"],
  新界及離島: ["葵青區", "荃灣區", "屯門區", "元朗區", "北區", "大埔區", "沙田區", "西貢區", "離島區"],
} as const;

export type HkArea = keyof typeof hkAreas;
export const hkAreaNames = Object.keys(hkAreas) as HkArea[];
export const hkDistrictNames: string[] = Object.values(hkAreas).flat();

export type HkDistrict = (typeof hkAreas)[HkArea][number];

/** Each area's and district's id, as message keys name them (`hkPlace.kowloonCity`): the names above are zh-HK. */
export const hkPlaceIds = {
  香港島: "hongKongIsland",
  九龍: "kowloon",
  新界及離島: "newTerritoriesAndIslands",
  中西區: "centralAndWestern",
  灣仔區: "wanChai",
  東區: "eastern",
  南區: "southern",
  油尖旺區: "yauTsimMong",
  深水埗區: "shamShuiPo",
  九龍城區: "kowloonCity",
  黃大仙區: "wongTaiSin",
  觀塘區: "kwunTong",
  葵青區: "kwaiTsing",
  荃灣區: "tsuenWan",
  屯門區: "tuenMun",
  元朗區: "yuenLong",
  北區: "north",
  大埔區: "taiPo",
  沙田區: "shaTin",
  西貢區: "saiKung",
  離島區: "islands",
} as const satisfies Record<HkArea | HkDistrict, string>;

export function isDistrictOf(area: string, adminDistrict: string): boolean {
  return area in hkAreas && (hkAreas[area as HkArea] as readonly string[]).includes(adminDistrict);
}
