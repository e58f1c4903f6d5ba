/** Which GET requests the worker keeps in its runtime caches (cache first, bounded). */

/** Map tiles: OpenStreetMap's tile servers, or any `/{z}/{x}/{y}.png|jpg|webp|pbf|mvt` path (a configured style's tiles). */
export function isMapTile(url: URL): boolean {
  if (/(^|\.)tile\.openstreetmap\.org$/.test(url.hostname)) return true;
  return /\/\d{1,2}\/\d+\/\d+(@2x)?\.(png|jpe?g|webp|pbf|mvt)$/.test(url.pathname);
}

/** Static data files of the app (the gazetteer, public/data/*.json). */
export function isStaticData(pathname: string): boolean {
  return /^\/data\/[\w.-]+\.json$/.test(pathname);
}
