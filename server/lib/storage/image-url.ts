/** Turns a stored image's key into the address a browser loads it from (null when there is no image). */
export type ImageUrl = (key: string | null) => string | null;

/** Links to stored images (signed, time-limited): the original, and its sized copies as a `srcset`. */
export interface ImageLinks {
  url: ImageUrl;
  srcSet: ImageUrl;
}
