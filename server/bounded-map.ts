/**
 * Sets `key` in a map that keeps at most `max` entries: the oldest (first inserted) is
 * forgotten first. The server's in-memory caches (verified tokens, poll marks, remembered
 * poll bodies) stay bounded whatever the traffic.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
