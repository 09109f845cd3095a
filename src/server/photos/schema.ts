// Declared in profiles/schema.ts (the two tables reference each other); owned by this feature.
export { type Photo, photos } from "../profiles/schema";
