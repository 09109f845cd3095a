/** What a complaint is about (the /complaints form and its API): a plain value islands import. */
export const complaintCategories = ["service", "payment", "member", "content", "other"] as const;
export type ComplaintCategory = (typeof complaintCategories)[number];
