/** The field a storefront form names the page it was posted from with (issue 30 item 6). */
export const BACK_FIELD = "back";
