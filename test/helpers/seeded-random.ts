/**
 * mulberry32: a small seeded PRNG whose whole state is one 32-bit number, so a seed replays the
 * same sequence (random histories, generated inputs, a fuzz run). Numbers in [0, 1).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
