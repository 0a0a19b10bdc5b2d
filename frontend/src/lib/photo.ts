// Photos the shop stores itself (/uploads/<hash>.jpg, at most 1600 pixels a
// side) also have a thumbnail at most 640 pixels a side at ?w=640; lists
// show that, and a wide screen may still pick the full photo.
const STORED = /^\/uploads\/[0-9a-f]{32}\.jpg$/;

/** The attributes that let the browser pick the smallest photo that looks sharp. */
export function photoSources(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  if (!STORED.test(url)) return { src: url };
  return { src: `${url}?w=640`, srcSet: `${url}?w=640 640w, ${url} 1600w`, sizes };
}
