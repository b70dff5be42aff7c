import type { hkPlaces as zh } from "../hk-places.ts";
import type { Mirror } from "./mirror.ts";

export const hkPlaces = {
  "hkPlace.hongKongIsland": "Hong Kong Island",
  "hkPlace.kowloon": "Kowloon",
  "hkPlace.newTerritoriesAndIslands": "New Territories and Islands",
  "hkPlace.centralAndWestern": "Central and Western",
  "hkPlace.wanChai": "Wan Chai",
  "hkPlace.eastern": "Eastern",
  "hkPlace.southern": "Southern",
  "hkPlace.yauTsimMong": "Yau Tsim Mong",
  "hkPlace.shamShuiPo": "Sham Shui Po",
  "hkPlace.kowloonCity": "Kowloon City",
  "hkPlace.wongTaiSin": "Wong Tai Sin",
  "hkPlace.kwunTong": "Kwun Tong",
  "hkPlace.kwaiTsing": "Kwai Tsing",
  "hkPlace.tsuenWan": "Tsuen Wan",
  "hkPlace.tuenMun": "Tuen Mun",
  "hkPlace.yuenLong": "Yuen Long",
  "hkPlace.north": "North",
  "hkPlace.taiPo": "Tai Po",
  "hkPlace.shaTin": "Sha Tin",
  "hkPlace.saiKung": "Sai Kung",
  "hkPlace.islands": "Islands",
} satisfies Mirror<typeof zh>;
