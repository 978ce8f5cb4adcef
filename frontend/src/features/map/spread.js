// Where the map draws its pins so that none hides another (issue #41 item 12): a day's customers
// often stand a few metres apart, and on a phone 22 pins fell into one blob. Pure geometry on screen
// points, so the map can run it again at every zoom.

/** Golden angle: consecutive spiral steps never line up, so the free spots come evenly from all sides. */
const TURN = Math.PI * (3 - Math.sqrt(5));
/** Spiral steps tried before a pin is left on its own point (a box too full to have room). */
const TRIES = 2000;

/**
 * Each pin's drawn point: its own (the same object) when no earlier pin (in list order, so the
 * first of the plan keeps its place) is drawn within `gap` of it, otherwise the nearest free spot
 * on a spiral around it that lies inside the box (`width` x `height`, keeping `gap / 2` from its
 * edges). A pin whose own point is outside the box stays there.
 * @param {{ x: number, y: number }[]} points the pins' own points, in the box's pixels
 * @param {{ width: number, height: number, gap: number }} box
 * @returns {{ x: number, y: number }[]}
 */
export function spread(points, { width, height, gap }) {
  const half = gap / 2;
  /** @param {{ x: number, y: number }} p */
  const inBox = (p) => p.x >= half && p.x <= width - half && p.y >= half && p.y <= height - half;
  /** @type {{ x: number, y: number }[]} */
  const drawn = [];
  /** @param {{ x: number, y: number }} p */
  const free = (p) => drawn.every((q) => Math.hypot(p.x - q.x, p.y - q.y) >= gap);
  for (const own of points) {
    let at = own;
    if (inBox(own) && !free(own)) {
      // Steps a third of a pin apart: fine enough that the spot found is about the nearest.
      for (let k = 1; k <= TRIES; k++) {
        const r = (gap / 3) * Math.sqrt(k);
        const p = { x: own.x + r * Math.cos(k * TURN), y: own.y + r * Math.sin(k * TURN) };
        if (inBox(p) && free(p)) {
          at = p;
          break;
        }
      }
    }
    drawn.push(at);
  }
  return drawn;
}

/**
 * The pins as groups that are drawn as one marker (issue #55: a bucket's hundreds of customers on
 * one map): in list order, each point joins the first group whose first point lies within `gap`
 * of it (on screen), else starts a group of its own. Indexes into `points`, each group in list order.
 * @param {{ x: number, y: number }[]} points
 * @param {number} gap
 * @returns {number[][]}
 */
export function clusters(points, gap) {
  /** @type {number[][]} */
  const groups = [];
  /** The groups' first points by grid cell of `gap`, to look at the 9 cells around a point only. */
  const cells = new Map();
  const cellOf = (/** @type {number} */ x, /** @type {number} */ y) => `${Math.floor(x / gap)},${Math.floor(y / gap)}`;
  points.forEach((p, i) => {
    const cx = Math.floor(p.x / gap);
    const cy = Math.floor(p.y / gap);
    let joined = null;
    for (let dx = -1; dx <= 1 && !joined; dx++)
      for (let dy = -1; dy <= 1 && !joined; dy++)
        for (const g of cells.get(`${cx + dx},${cy + dy}`) || []) {
          const head = points[g[0]];
          if (Math.hypot(head.x - p.x, head.y - p.y) < gap) {
            joined = g;
            break;
          }
        }
    if (joined) joined.push(i);
    else {
      const group = [i];
      groups.push(group);
      const key = cellOf(p.x, p.y);
      cells.set(key, [...(cells.get(key) || []), group]);
    }
  });
  return groups;
}
