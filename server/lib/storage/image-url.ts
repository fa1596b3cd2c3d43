/** Turns a stored image's key into the address a browser loads it from (null when there is no image). */
export type ImageUrl = (key: string | null) => string | null;
