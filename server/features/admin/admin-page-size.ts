/** Rows on one page of an admin list. */
export const adminPageSize = 25;
