/**
 * Hong Kong's areas and districts (~/domain/shared/hk-districts.ts, keyed by `hkPlaceIds`): a
 * profile stores the zh-HK name, an English page shows the English one.
 */
export const hkPlaces = {
  "hkPlace.hongKongIsland": "香港島",
  "hkPlace.kowloon": "九龍",
  "hkPlace.newTerritoriesAndIslands": "新界及離島",
  "hkPlace.centralAndWestern": "中西區",
  "hkPlace.wanChai": "灣仔區",
  "hkPlace.eastern": "東區",
  "hkPlace.southern": "南區",
  "hkPlace.yauTsimMong": "油尖旺區",
  "hkPlace.shamShuiPo": "深水埗區",
  "hkPlace.kowloonCity": "九龍城區",
  "hkPlace.wongTaiSin": "黃大仙區",
  "hkPlace.kwunTong": "觀塘區",
  "hkPlace.kwaiTsing": "葵青區",
  "hkPlace.tsuenWan": "荃灣區",
  "hkPlace.tuenMun": "屯門區",
  "hkPlace.yuenLong": "元朗區",
  "hkPlace.north": "北區",
  "hkPlace.taiPo": "大埔區",
  "hkPlace.shaTin": "沙田區",
  "hkPlace.saiKung": "西貢區",
  "hkPlace.islands": "離島區",
} as const;
