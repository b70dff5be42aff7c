import { accountCatalogue } from "../catalogue/account.ts";

/** The zh-HK messages of the `account` group (decision 0054): the member's account page. */
export const messages = { ...accountCatalogue };
