/** What a complaint is about (the /complaints form and its API), kept apart so islands can import it. */
export const complaintCategories = ["service", "payment", "member", "content", "other"] as const;
export type ComplaintCategory = (typeof complaintCategories)[number];
