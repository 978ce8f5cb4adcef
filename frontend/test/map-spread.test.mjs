// The map's pin layout (features/map/spread.js): pins that would cover each other are drawn apart,
// the first keeps its place, all stay in the map's box.
import assert from "node:assert/strict";
import { test } from "node:test";
import { spread } from "../src/features/map/spread.js";

const box = { width: 360, height: 500, gap: 30 };
const apart = (drawn) => drawn.every((a, i) => drawn.slice(i + 1).every((b) => Math.hypot(a.x - b.x, a.y - b.y) >= box.gap));
const inside = (p) => p.x >= 15 && p.x <= 345 && p.y >= 15 && p.y <= 485;

test("22 pins on one spot are drawn apart around it, the first on the spot itself", () => {
  const points = Array.from({ length: 22 }, () => ({ x: 180, y: 250 }));
  const drawn = spread(points, box);
  assert.deepEqual(drawn[0], { x: 180, y: 250 });
  assert.ok(apart(drawn));
  assert.ok(drawn.every(inside));
  // Near their place: within a few pins of it.
  assert.ok(drawn.every((p) => Math.hypot(p.x - 180, p.y - 250) < 5 * box.gap));
});

test("pins already apart stay where they are; a crowd at the box's edge is moved inward, not out", () => {
  const points = [
    { x: 40, y: 40 },
    { x: 200, y: 300 },
  ];
  assert.deepEqual(spread(points, box), points);
  const edge = spread(
    Array.from({ length: 6 }, () => ({ x: 16, y: 16 })),
    box,
  );
  assert.ok(apart(edge));
  assert.ok(edge.every(inside));
});

test("a pin outside the box (the map panned away) keeps its own point", () => {
  const points = [
    { x: -50, y: 100 },
    { x: -50, y: 100 },
  ];
  assert.deepEqual(spread(points, box), points);
});

test("clusters: near pins are one group in list order, far ones their own; hundreds at once (issue #55)", async () => {
  const { clusters } = await import("../src/features/map/spread.js");
  const points = [
    { x: 100, y: 100 },
    { x: 110, y: 105 },
    { x: 400, y: 400 },
    { x: 130, y: 100 },
    { x: 150, y: 100 },
  ];
  assert.deepEqual(clusters(points, 44), [[0, 1, 3], [2], [4]]);
  const many = Array.from({ length: 475 }, (_, i) => ({ x: (i * 37) % 390, y: (i * 53) % 600 }));
  const groups = clusters(many, 44);
  assert.equal(groups.flat().length, 475, "every pin is in one group");
  assert.ok(groups.length < 200, `475 pins on a phone are fewer markers (${groups.length})`);
});
