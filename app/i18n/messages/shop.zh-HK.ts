/** The zh-HK messages of the `shop` group (decision 0054): a chunk of its own, loaded by the pages that name it. */
export const messages = {};
