/** Hong Kong's three areas and 18 districts, for the member profile (area → adminDistrict). */
export const hkAreas = {
  香港島: ["中西區", "灣仔區", "東區", "南區"],
  九龍: ["油尖旺區", "深水埗區", "九龍城區", "黃大仙區", "觀塘區"],
  新界及離島: ["葵青區", "荃灣區", "屯門區", "元朗區", "北區", "大埔區", "沙田區", "西貢區", "離島區"],
} as const;

export type HkArea = keyof typeof hkAreas;
export const hkAreaNames = Object.keys(hkAreas) as HkArea[];
export const hkDistrictNames: string[] = Object.values(hkAreas).flat();

export function isDistrictOf(area: string, adminDistrict: string): boolean {
  return area in hkAreas && (hkAreas[area as HkArea] as readonly string[]).includes(adminDistrict);
}
