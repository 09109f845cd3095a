/** The likes page's lists (issue 13): who liked me, whom I liked, and who both. */
export const LIKE_LISTS = ["received", "given", "matches"] as const;
export type LikeList = (typeof LIKE_LISTS)[number];
