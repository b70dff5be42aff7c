import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * A shop text in the language its member reads (issue 48, decision 0055), for what is sent to
 * them (an SMS, an email): the English beside it where the member reads English and it has one
 * (`pickup_points.name_en`), else the Chinese, as an English page shows it.
 */
export function inMemberLanguage(
  locale: AnyColumn | SQL,
  chinese: AnyColumn | SQL,
  english: AnyColumn | SQL,
): SQL<string> {
  return sql<string>`case when ${locale} = 'en' and btrim(${english}) <> '' then ${english} else ${chinese} end`;
}
