/** Plain values the browser may import (ARCHITECTURE.md, feature boundaries). */

/** The kinds of chat messages (spec §2: text, image and gift messages). */
export const MESSAGE_KINDS = ["text", "image", "gift"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The virtual gifts a member can send; labels are `gift.<id>` in the catalogues. */
export const GIFTS = ["rose", "heart", "chocolate", "champagne", "teddy"] as const;
export type Gift = (typeof GIFTS)[number];

/** spec §9: free members write free of charge in this many conversations. */
export const FREE_CONVERSATIONS = 2;
