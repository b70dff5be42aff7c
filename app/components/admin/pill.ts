/** The back office's status pill (orders, cycles, groups, campaigns, messages); a badge adds its colours. */
export const pillClass = "inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold";
